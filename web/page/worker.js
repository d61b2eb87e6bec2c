// The engine's worker: it instantiates the compiled module it is sent, then answers one
// request at a time through the module's interface (web/src/lib.rs): input(len) gives where
// to write the request, run() answers it and gives the answer's length, output() where it is.
// While a long question runs, the module calls env.progress(done, total), posted at most
// every 100 ms; the last one heard is posted too, before the answer.

// A puzzle of 17 givens (the first of Gordon Royle's list), solved once at start.
const WARM_UP = '.......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...';

let exports = null;
let current = 0;
let lastPost = 0;
let unposted = null; // the last progress heard and not yet posted

function progress(done, total) {
  const now = performance.now();
  unposted = [done, total];
  if (now - lastPost >= 100) {
    lastPost = now;
    postProgress();
  }
}

function postProgress() {
  if (unposted) {
    self.postMessage({ id: current, progress: unposted });
    unposted = null;
  }
}

function ask(request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = exports.input(bytes.length);
  new Uint8Array(exports.memory.buffer, at, bytes.length).set(bytes);
  const length = exports.run();
  const out = exports.output();
  // The memory may have grown during run(): take its buffer afresh.
  const text = new TextDecoder().decode(new Uint8Array(exports.memory.buffer, out, length));
  return JSON.parse(text);
}

// Set by the first message, the module; the requests after it wait for it.
let ready = null;
let compiled = null;

async function start(module) {
  const instance = await WebAssembly.instantiate(module, { env: { progress } });
  exports = instance.exports;
  // One solve before the first question, so that the browser has compiled the search's
  // code (WebAssembly functions are compiled on first call) before a user waits on it.
  ask({ op: 'solve', puzzle: WARM_UP });
  self.postMessage({ ready: true });
}


self.onmessage = async (event) => {
  const message = event.data;
  if (message.module) {
    compiled = message.module;
    ready = start(compiled);
    return;
  }
  await ready;
  current = message.id;
  lastPost = performance.now();
  unposted = null;
  let answer;
  try {
    answer = ask(message.request);
    postProgress();
  } catch (error) {
    // A trap (the engine stopped on a bug): the instance may be left half-way, so the next
    // question gets a fresh one.
    answer = { result: `error: ${error}`, error: String(error) };
    ready = start(compiled);
  }
  self.postMessage({ id: message.id, answer });
};
