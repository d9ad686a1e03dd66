// A private-mode codec worker: runs the codec core's pipeline with the browser engine, one file at a time, off the
// page's thread. Single-threaded WebAssembly, so the page needs no cross-origin isolation (and ads keep working).
import { browserEngine } from './browser-engine';
import { serveCodecRequests } from './codec-worker-loop';

serveCodecRequests(browserEngine);
