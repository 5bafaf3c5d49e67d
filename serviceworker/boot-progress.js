// What a page is told while Python boots (contract.js, `WorkerStatus`): the stage and how
// many of the boot's steps are done. Every step is an event of the real boot (a download
// finished, Python loaded, the host opened); nothing here runs on a timer.
//
// Both ways to start (a memory snapshot or from scratch) report the same seven steps, so
// the count never goes back when a restore fails and the boot starts over.

// Stage -> the steps it waits for, in the order a page shows the stages.
const STAGES = {
  downloading: ["checked", "runtime", "snapshot"], // the site's build, pyodide.asm.wasm, the snapshot read
  starting: ["python", "files"], // Python loaded; its installed files (unpacked or installed)
  opening: ["app", "opened"], // the app attached; the host built (by a warm-up) or its first answer sent
};

export class BootProgress {
  // `onChange({stage, stepsDone, stepsTotal})` after every step that counts.
  constructor(onChange) {
    this.onChange = onChange;
    this.done = new Set();
  }

  // Marks `step` done, and every step of the stages before its own: Python cannot load
  // before its downloads (a runtime whose early compile failed is fetched by the loader).
  step(step) {
    const names = Object.keys(STAGES);
    const index = names.findIndex((name) => STAGES[name].includes(step));
    if (index < 0 || this.done.has(step)) return;
    names.slice(0, index).forEach((name) => STAGES[name].forEach((earlier) => this.done.add(earlier)));
    this.done.add(step);
    this.onChange(this.report());
  }

  // The first stage with a step left (null once every step is done).
  report() {
    const all = Object.values(STAGES).flat();
    const stage = Object.keys(STAGES).find((name) => STAGES[name].some((step) => !this.done.has(step))) ?? null;
    return { stage, stepsDone: this.done.size, stepsTotal: all.length };
  }
}
