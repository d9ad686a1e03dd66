// Entry of the `imagesqueeze` command (bin/imagesqueeze.js loads it through tsx).
import { run } from './main';

const code = await run(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  isTty: Boolean(process.stderr.isTTY),
  onStop: (stop) => {
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
});
process.exitCode = code;
