// Run a page's load function now and every `intervalMs` while the page is connected
// and the browser tab is visible (a hidden tab does not poll the host).

export class Poller {
  /** @param {() => Promise<void>} load  @param {number} intervalMs */
  constructor(load, intervalMs) {
    this.load = load;
    this.intervalMs = intervalMs;
    this.timer = null;
    this.running = false;
    this.onVisibility = () => {
      if (!document.hidden && this.running) this.tick();
    };
  }

  start() {
    this.running = true;
    document.addEventListener("visibilitychange", this.onVisibility);
    this.tick();
  }

  stop() {
    this.running = false;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  async tick() {
    clearTimeout(this.timer);
    try {
      await this.load();
    } finally {
      if (this.running && !document.hidden) this.timer = setTimeout(() => this.tick(), this.intervalMs);
    }
  }
}

/** A mixin: the page's `load()` runs through a Poller (`this.poller`) while it is connected. */
export const Polling = (Base, intervalMs) =>
  class extends Base {
    connectedCallback() {
      super.connectedCallback();
      this.poller = new Poller(() => this.load(), intervalMs);
      this.poller.start();
    }

    disconnectedCallback() {
      super.disconnectedCallback();
      this.poller.stop();
    }
  };
