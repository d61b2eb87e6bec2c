// The page's side of the engine: one worker, requests answered in order, progress passed
// on, and Cancel, which ends the worker and starts another from the compiled module (the
// worker is busy inside WebAssembly and cannot read messages while it answers).

export class Engine {
  constructor(module) {
    this.module = module;
    this.queue = [];
    this.running = null;
    this.nextId = 1;
    this.start();
  }

  /** Compiles the module at `url` and starts its worker. */
  static async load(url) {
    const response = await fetch(url);
    // From the bytes, so that the server's MIME type for .wasm does not matter.
    const bytes = await response.arrayBuffer();
    const fetched = performance.now();
    const module = await WebAssembly.compile(bytes);
    const compiled = performance.now();
    const engine = new Engine(module);
    await engine.ready;
    // When each step ended, in ms since the page's navigation (the browser tests print them).
    engine.timings = { fetched, compiled, ready: performance.now() };
    return engine;
  }

  /** Starts a worker; `this.ready` resolves once it can answer. */
  start() {
    this.ready = new Promise((resolve) => { this.onReady = resolve; });
    this.worker = new Worker(new URL('worker.js', import.meta.url));
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.postMessage({ module: this.module });
  }

  receive(message) {
    if (message.ready) {
      this.onReady();
      return;
    }
    const job = this.running;
    if (!job || message.id !== job.id) {
      return;
    }
    if (message.progress) {
      job.onProgress?.(message.progress[0], message.progress[1]);
      return;
    }
    this.running = null;
    job.resolve(message.answer);
    this.pump();
  }

  /** Answers `request`; `onProgress(done, total)` hears of a long question's progress. */
  ask(request, onProgress) {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, onProgress, resolve, reject });
      this.pump();
    });
  }

  pump() {
    if (this.running || this.queue.length === 0) {
      return;
    }
    this.running = this.queue.shift();
    this.worker.postMessage({ id: this.running.id, request: this.running.request });
  }

  /** True while a question is being answered. */
  get busy() {
    return this.running !== null;
  }

  /** Stops the question being answered (its promise is rejected with `cancelled`). */
  cancel() {
    const job = this.running;
    if (!job) {
      return;
    }
    this.worker.terminate();
    this.running = null;
    this.start();
    job.reject(new Error('cancelled'));
    this.pump();
  }
}
