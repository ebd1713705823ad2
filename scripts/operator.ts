import { runOperatorCli } from '../src/server/operator/cli';

// Grants or revokes the operator role (see src/server/operator/cli.ts).
process.exitCode = await runOperatorCli(process.argv.slice(2));
