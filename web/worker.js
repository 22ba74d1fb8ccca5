// Parlour's search worker: the AI (parlour_worker, WebAssembly) on a thread of its own, so the
// page keeps drawing frames while the computer thinks. The page posts [id, request]; the answer
// goes back as [id, answer] (both JSON text, see crates/worker).
import init, { search } from './parlour_worker.js';

const ready = init();

self.onmessage = async (event) => {
  const [id, request] = event.data;
  let answer;
  try {
    await ready;
    answer = search(request);
  } catch (e) {
    answer = JSON.stringify({ Err: `The search worker failed: ${e}` });
  }
  self.postMessage([id, answer]);
};
