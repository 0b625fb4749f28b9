// `npm run codegen`: checks schemas/ and writes the generated files; `npm run codegen -- --check`
// fails when a committed generated file is stale. Problems print as `file: JSON pointer: message`, each
// followed by its Chinese line `file:line:column JSON pointer: 说明` (common/metadata/problems.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMAS_DIR } from './read-schemas';
import { runCodegen } from './run';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const unknown = process.argv.slice(2).filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`codegen: unknown argument ${unknown.join(' ')} (usage: npm run codegen [-- --check])`);
  process.exit(2);
}

const result = runCodegen({ schemasDir: SCHEMAS_DIR, root, check });
for (const line of result.lines) (result.ok ? console.log : console.error)(line);
process.exit(result.ok ? 0 : 1);
