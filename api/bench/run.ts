/**
 * pnpm bench: benchmarks of the API, each printed with a ratio against a baseline measured in
 * the same run on the same machine (these machines are noisy; absolute times mean little).
 */
import { adminBench } from './admin.ts';
import { blastBench } from './blast.ts';
import { uploadBench } from './upload.ts';

const results = [await uploadBench(), await adminBench(), await blastBench()];
process.stdout.write(`\n${results.join('\n')}\n`);
