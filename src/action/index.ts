// Entry of the GitHub Action (action.yml runs its bundle, dist/action/index.js, built by `npm run build:action`).
import { runAction } from './main';

process.exitCode = await runAction(process.env, { log: (line) => process.stdout.write(`${line}\n`) });
