// Stops `npm start` (and the server's own start) on a Node.js older than package.json's `engines.node` asks for, with
// a message that says which version is needed. Without it, Node 20 builds the client and then dies with a silent
// segmentation fault when the SQLite driver (built for Node 22) loads. Plain JavaScript with no dependencies, so it
// runs on any Node that can run npm.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The major version `engines.node` asks for (">=22" -> 22). */
export function requiredMajor(range) {
  const match = /(\d+)/.exec(range ?? '');
  return match ? Number(match[1]) : 0;
}

/** Why `version` (e.g. "20.20.2") cannot run the app, or null when it can. */
export function nodeVersionProblem(version, range) {
  const needed = requiredMajor(range);
  const major = Number(String(version).split('.')[0]);
  if (major >= needed) return null;
  return (
    `ImageSqueeze needs Node.js ${needed} or newer; this is Node.js ${version}.\n` +
    `Install Node.js ${needed} (for example with nvm: nvm install ${needed} && nvm use ${needed}), then run npm ci and npm start again.`
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { engines } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const problem = nodeVersionProblem(process.versions.node, engines?.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
