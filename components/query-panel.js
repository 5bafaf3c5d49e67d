// <demo-query-panel service="notes">: an SQL editor and result tables for one
// database service (its `db-query` route, components/routes.js). API in docs/demo-components.md.

import { css, html, nothing } from "lit";
import { blobSummary, columnText, queryLabel, statementRange, toCSV, toJSON, toTables } from "./results.js";
import { routePath } from "./routes.js";
import {
  ADAPTERS,
  DemoServiceElement,
  demoURL,
  download,
  emit,
  errorText,
  findService,
  formatMs,
  serviceHeader,
  themeStyles,
  unavailableNotice,
} from "./shared.js";
import { createSqlEditor, selectRange, setDoc } from "./sql-editor.js";
import { states } from "../web/src/element-kit.js";

const SHOWN_ROWS = 200; // more rows are exported, not drawn
const CELL_CHARS = 60; // longer cells are cut, the full value a click away
const SHORT_CHARS = 24; // a name, a code, a city: kept on one line (see .short)
const HISTORY_SIZE = 30;

/** How a cell lays out: a right-aligned number, a whole date, short text on one line, or prose that wraps. */
function cellKind(table, column, text) {
  if (table.numeric[column]) return "num";
  if (table.temporal[column]) return "date";
  return text.length <= SHORT_CHARS ? "short" : "prose";
}

export class DemoQueryPanel extends DemoServiceElement {
  static properties = {
    ...DemoServiceElement.properties,
    query: { type: String },
    ...states("_adapter", "_examples", "_running", "_outcome", "_history", "_expanded"),
  };

  constructor() {
    super();
    this.query = "";
    this._examples = [];
    this._history = [];
    this._expanded = new Set();
    this._view = null;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this._view?.destroy();
    this._view = null;
  }

  async prepare() {
    const { service } = await findService(this.service, "db");
    const adapter = ADAPTERS[service.adapter] ?? {};
    this._adapter = { name: service.adapter, ...adapter };
    this._examples = [...(service.config.examples ?? []), ...(adapter.exampleQuery ? [adapter.exampleQuery] : [])];
    this._history = this._readHistory();
    await this.updateComplete;
    this._mountEditor(this.query || this._examples[0] || "");
  }

  _mountEditor(doc) {
    const host = this.renderRoot.querySelector(".editor");
    if (!host || this._view) return;
    this._view = createSqlEditor(host, {
      doc,
      dialect: this._adapter.dialect,
      label: `SQL for ${this.service}`,
      root: this.renderRoot,
      onRun: () => this.run(),
    });
  }

  /** The editor's SQL. */
  get sql() {
    return this._view ? this._view.state.doc.toString() : this.query;
  }

  set sql(text) {
    if (this._view) setDoc(this._view, text);
    else this.query = text;
  }

  /** Runs the editor's SQL (or `sql`); resolves with the `demo-query-run` detail. */
  async run(sql = this.sql) {
    if (this._state !== "ready" || this._running || !sql.trim()) return null;
    if (sql !== this.sql) this.sql = sql; // what ran is what the editor shows
    this._running = true;
    const started = performance.now();
    let detail;
    try {
      const response = await fetch(demoURL(routePath("db-query", { service: this.service })), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sql }),
      });
      const ms = performance.now() - started;
      const body = await response.json().catch(() => ({ error: `HTTP ${response.status} with a body that is not JSON` }));
      detail = response.ok
        ? { service: this.service, sql, ok: true, status: response.status, ms, result: body.result }
        : { service: this.service, sql, ok: false, status: response.status, ms, error: body.error ?? `HTTP ${response.status}`, statement: body.statement ?? null };
    } catch (err) {
      detail = { service: this.service, sql, ok: false, status: 0, ms: performance.now() - started, error: errorText(err), statement: null };
    }
    this._running = false;
    this._expanded = new Set();
    this._outcome = { ...detail, tables: detail.ok ? toTables(detail.result) : [], range: detail.ok ? null : statementRange(sql, detail.statement) };
    if (this._outcome.range && this._view) selectRange(this._view, this._outcome.range);
    this._remember(detail);
    emit(this, "demo-query-run", detail);
    return detail;
  }

  _historyKey() {
    return `helio-demo:history:${demoURL("").pathname}:${this.service}`;
  }

  _readHistory() {
    try {
      return JSON.parse(sessionStorage.getItem(this._historyKey()) || "[]");
    } catch {
      return [];
    }
  }

  _remember({ sql, ok, ms }) {
    const entry = { sql, ok, ms: Math.round(ms), at: new Date().toISOString() };
    this._history = [entry, ...this._history.filter((h) => h.sql !== sql)].slice(0, HISTORY_SIZE);
    try {
      sessionStorage.setItem(this._historyKey(), JSON.stringify(this._history));
    } catch {
      /* storage full or disabled: the history lives in memory only */
    }
  }

  _useQuery(sql, focus = true) {
    this.sql = sql;
    if (focus) this._view?.focus();
  }

  static styles = [
    themeStyles,
    css`
      .editor {
        margin: 0.3rem 0 0.5rem;
        min-height: 6rem;
      }
      .toolbar {
        display: flex;
        gap: 0.5rem;
        flex-wrap: wrap;
        align-items: center;
      }
      .toolbar select {
        flex: 1 1 12rem;
        max-width: 100%;
      }
      .examples {
        flex: 1 1 14rem;
        display: flex;
        flex-direction: column;
        gap: 0.15rem;
      }
      kbd {
        font-family: inherit;
        font-size: 0.75rem;
        border: 1px solid var(--_border);
        border-bottom-width: 2px;
        border-radius: 4px;
        padding: 0 0.3rem;
        color: var(--_muted);
      }
      .summary {
        margin: 0.8rem 0 0.3rem;
        font-size: 0.9rem;
      }
      .statement {
        margin-top: 0.7rem;
      }
      .statement-head {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        flex-wrap: wrap;
        font-size: 0.88rem;
        margin-bottom: 0.3rem;
      }
      .scroll {
        overflow: auto;
        max-height: 26rem;
        border: 1px solid var(--_border);
        border-radius: 6px;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: 0.86rem;
      }
      th,
      td {
        padding: 0.3rem 0.6rem;
        border-bottom: 1px solid var(--_border);
        text-align: left;
        vertical-align: top;
        white-space: pre-wrap;
        /* Wrap between words; a word longer than its column breaks only when it must.
           (word-break: break-word let the table size columns to a single letter.) */
        overflow-wrap: break-word;
      }
      th {
        position: sticky;
        top: 0;
        background: var(--_surface);
        font-weight: 600;
        white-space: nowrap;
      }
      td.num,
      th.num {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      /* A number, a date or a short name reads whole: never "2024-" over "01-01" or
         "Jean-" over "Luc" (a hyphen is a break opportunity); the table scrolls instead. */
      td.num,
      td.date,
      td.short {
        white-space: nowrap;
      }
      /* Longer text wraps between words, in a column wide enough to read. */
      td.prose {
        min-width: 12rem;
      }
      tr:last-child td {
        border-bottom: none;
      }
      .null {
        color: var(--_muted);
        font-style: italic;
        font-size: 0.78rem;
        letter-spacing: 0.04em;
      }
      .blob {
        color: var(--_code-number);
        font-size: 0.8rem;
      }
      .sql-echo {
        white-space: pre-wrap;
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: 6px;
        padding: 0.4rem 0.6rem;
        margin: 0.4rem 0 0;
        max-height: 12rem;
        overflow: auto;
      }
      mark {
        background: var(--_mark);
        color: inherit;
        border-radius: 3px;
        outline: 1px solid var(--_error);
      }
      details.history {
        margin-top: 0.8rem;
      }
      details.history summary {
        cursor: pointer;
        color: var(--_muted);
        font-size: 0.9rem;
      }
      details.history ol {
        list-style: none;
        margin: 0.3rem 0 0;
        padding: 0;
        display: grid;
        gap: 0.2rem;
      }
      details.history li button {
        width: 100%;
        text-align: left;
        display: flex;
        gap: 0.6rem;
        align-items: baseline;
        background: none;
      }
      details.history li .sqltext {
        flex: 1;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
    `,
  ];

  render() {
    const adapter = this._adapter;
    return html`
      ${serviceHeader(this.heading || this.service || "Query panel", adapter, adapter?.label ?? adapter?.name, `POST ${routePath("db-query", { service: this.service })}`)}
      ${this._state === "unavailable" ? unavailableNotice(this._notice) : this._editorPart()}
    `;
  }

  _editorPart() {
    const ready = this._state === "ready";
    const mac = /Mac|iPhone|iPad/.test(navigator.platform);
    return html`
      <label for="editor-${this.service}" class="sr-only">SQL</label>
      <div class="editor" id="editor-${this.service}"></div>
      <div class="toolbar">
        <button class="primary" @click=${() => this.run()} ?disabled=${!ready || this._running} aria-describedby="shortcut">
          ${this._running ? "Running…" : "Run"}
        </button>
        <span id="shortcut" class="muted"><kbd>${mac ? "⌘" : "Ctrl"}</kbd> + <kbd>Enter</kbd> runs</span>
        ${this._examples.length
          ? html`<label class="sr-only" for="examples">Example queries</label>
              <select id="examples" class="grow" @change=${(e) => this._pickExample(e)}>
                <option value="">Example queries…</option>
                ${this._examples.map((sql, i) => html`<option value=${i}>${queryLabel(sql)}</option>`)}
              </select>`
          : nothing}
      </div>
      ${this._notice ? html`<p class="notice" role="status">${this._notice}</p>` : nothing}
      <div class="results" aria-live="polite">${this._outcome ? this._renderOutcome(this._outcome) : nothing}</div>
      ${this._renderHistory()}
    `;
  }

  _pickExample(event) {
    const index = event.target.value;
    if (index === "") return;
    this._useQuery(this._examples[Number(index)]);
    event.target.value = "";
  }

  _renderOutcome(outcome) {
    const time = html`<span class="muted">answered in ${formatMs(outcome.ms)}</span>`;
    if (!outcome.ok) {
      const [from, to] = outcome.range ?? [0, 0];
      return html`<div class="notice error" role="alert">
        <strong>Error${outcome.status ? ` (HTTP ${outcome.status})` : ""}:</strong> <span class="message">${outcome.error}</span> · ${time}
        ${outcome.statement
          ? html`<div class="muted" style="margin-top:.3rem">In this statement:</div>
              <pre class="sql-echo">${outcome.range
                ? html`${outcome.sql.slice(0, from)}<mark class="failed">${outcome.sql.slice(from, to)}</mark>${outcome.sql.slice(to)}`
                : html`<mark class="failed">${outcome.statement}</mark>`}</pre>`
          : nothing}
      </div>`;
    }
    const tables = outcome.tables;
    const rows = tables.reduce((n, t) => n + (t.hasRows ? t.rows.length : 0), 0);
    const summary = tables.length
      ? `${tables.length} result${tables.length === 1 ? "" : "s"}${rows ? `, ${rows} row${rows === 1 ? "" : "s"}` : ""}`
      : "Done: no statement returned rows";
    return html`<p class="summary" role="status"><span class="ok">✓</span> ${summary} · ${time}</p>
      ${tables.map((table, i) => this._renderTable(table, i, tables.length))}`;
  }

  _renderTable(table, index, count) {
    const label = count > 1 ? `Result ${index + 1}` : "Result";
    if (!table.hasRows) {
      return html`<div class="statement">
        <div class="statement-head"><strong>${label}:</strong>
          <span class="affected">${table.affectedRows ?? 0} row${table.affectedRows === 1 ? "" : "s"} affected</span></div>
      </div>`;
    }
    const shown = table.rows.slice(0, SHOWN_ROWS);
    const name = `${this.service}-result${count > 1 ? `-${index + 1}` : ""}`;
    return html`<div class="statement">
      <div class="statement-head">
        <strong>${label}:</strong>
        <span>${table.rows.length} row${table.rows.length === 1 ? "" : "s"}${table.rows.length > SHOWN_ROWS ? ` (first ${SHOWN_ROWS} shown)` : ""}</span>
        <span class="grow"></span>
        <button class="export-csv" @click=${() => download(`${name}.csv`, "text/csv", toCSV(table))} aria-label="Export ${label.toLowerCase()} as CSV">CSV</button>
        <button class="export-json" @click=${() => download(`${name}.json`, "application/json", toJSON(table))} aria-label="Export ${label.toLowerCase()} as JSON">JSON</button>
      </div>
      <div class="scroll" tabindex="0" role="region" aria-label="${label} table">
        <table>
          <thead><tr>${table.columns.map((c, i) => html`<th scope="col" class=${table.numeric[i] ? "num" : ""}>${c}</th>`)}</tr></thead>
          <tbody>
            ${shown.map((row, r) => html`<tr>${row.map((value, c) => this._renderCell(table, index, r, c, value))}</tr>`)}
            ${table.rows.length === 0 ? html`<tr><td colspan=${table.columns.length || 1} class="muted">No rows</td></tr>` : nothing}
          </tbody>
        </table>
      </div>
    </div>`;
  }

  _renderCell(table, t, r, c, value) {
    if (value === null || value === undefined) return html`<td class=${cellKind(table, c, "NULL")}><span class="null">NULL</span></td>`;
    const text = columnText(table, c, value);
    const key = `${t}:${r}:${c}`;
    const open = this._expanded.has(key);
    if (table.binary[c] && !open) {
      const summary = blobSummary(value);
      return html`<td class=${cellKind(table, c, summary)}><span class="blob">${summary}</span>
        <button class="link more" @click=${() => this._expand(key)} aria-label="Show the bytes of row ${r + 1}, ${table.columns[c]}">show</button></td>`;
    }
    const cls = cellKind(table, c, text);
    if (text.length > CELL_CHARS && !open) {
      // The button's name starts with the word it shows (WCAG 2.5.3: speech users say "more").
      return html`<td class=${cls}>${text.slice(0, CELL_CHARS)}…<button class="link more" @click=${() => this._expand(key)}
        aria-label="more: show the full value of row ${r + 1}, ${table.columns[c]} (${text.length} characters)">more</button></td>`;
    }
    return html`<td class=${cls}>${text}</td>`;
  }

  _expand(key) {
    this._expanded = new Set([...this._expanded, key]);
  }

  _renderHistory() {
    if (!this._history.length) return nothing;
    return html`<details class="history">
      <summary>History of this session (${this._history.length})</summary>
      <ol aria-label="Query history">
        ${this._history.map(
          (h) => html`<li><button @click=${() => this._useQuery(h.sql)} title=${h.sql}>
            <span class=${h.ok ? "ok" : "bad"} aria-label=${h.ok ? "succeeded" : "failed"}>${h.ok ? "✓" : "✗"}</span>
            <span class="sqltext mono">${h.sql.replace(/\s+/g, " ")}</span>
            <span class="muted">${formatMs(h.ms)}</span></button></li>`,
        )}
      </ol>
    </details>`;
  }
}

customElements.define("demo-query-panel", DemoQueryPanel);
