// Restart and quit as the console sees them: ask, then watch /api/metadata until a new
// host process answers (restart) or until none does (quit), reporting each phase.
import { metadata, quitHost, restartHost } from "../data/host.js";
import { t } from "../i18n.js";

const WAIT_MS = 60_000;
const STEP_MS = 700;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class HostLifecycle {
  /** `report({phase, message})` is called on every change. */
  constructor(api, report) {
    this.api = api;
    this.report = report;
  }

  async startedAt() {
    return (await metadata(this.api)).started_at;
  }

  /** Resolves once a new process answers; throws when none does within a minute. */
  async restart() {
    const before = await this.startedAt();
    await restartHost(this.api);
    this.report({ phase: "restarting", message: t("host.restarting") });
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(STEP_MS);
      const now = await this.startedAt().catch((error) => (error.status === 401 ? "signed-out" : null));
      if (now === "signed-out") {
        // The new process answered; only "remember me" sessions outlive a restart.
        this.report({ phase: "running", message: t("host.restartedSignIn") });
        return;
      }
      if (now != null && now !== before) {
        this.report({ phase: "running", message: t("host.restarted") });
        return;
      }
    }
    this.report({ phase: "unknown", message: "" });
    throw new Error(t("host.noComeBack"));
  }

  async quit() {
    await quitHost(this.api);
    this.report({ phase: "stopping", message: t("host.stopping") });
    const deadline = Date.now() + WAIT_MS;
    while (Date.now() < deadline) {
      await sleep(STEP_MS);
      if ((await this.startedAt().catch(() => null)) == null) {
        this.report({
          phase: "stopped",
          message: t("host.stopped"),
        });
        return;
      }
    }
    throw new Error(t("host.stillAnswers"));
  }
}
