// The server's own guard against an older Node.js (the one `npm start` runs first is scripts/check-node.mjs, for
// the build): the native SQLite driver is built for Node 22 and crashes the process without a word on Node 20.
export const REQUIRED_NODE_MAJOR = 22;

export class NodeVersionError extends Error {}

export function assertNodeVersion(version = process.versions.node): void {
  if (Number(version.split('.')[0]) >= REQUIRED_NODE_MAJOR) return;
  throw new NodeVersionError(`ImageSqueeze needs Node.js ${REQUIRED_NODE_MAJOR} or newer; this is Node.js ${version}. Install Node.js ${REQUIRED_NODE_MAJOR}, then run npm ci and npm start again.`);
}
