// Parlour's search worker: the AI (parlour_worker, WebAssembly) on a thread of its own, so the
// page keeps drawing frames while the computer thinks. The page posts [id, request] for a
// search, and [id, request, 'analyse'] for a review's analysis; the answer goes back as
// [id, answer], and an analysis's plies before it, each as [id, ply, 'ply'] as soon as it is
// done (all JSON text, see crates/worker).
import init, { search, analyse } from './parlour_worker.js';

const ready = init();

self.onmessage = async (event) => {
  const [id, request, kind] = event.data;
  let answer;
  try {
    await ready;
    if (kind === 'analyse') {
      answer = analyse(request, (ply) => self.postMessage([id, ply, 'ply']));
    } else {
      answer = search(request);
    }
  } catch (e) {
    answer = JSON.stringify({ Err: `The search worker failed: ${e}` });
  }
  self.postMessage([id, answer]);
};
