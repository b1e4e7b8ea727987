/**
 * pnpm bench: benchmarks of the API, each printed with a ratio against a baseline measured in
 * the same run on the same machine (these machines are noisy; absolute times mean little).
 */
import { uploadBench } from './upload.ts';

const results = [await uploadBench()];
process.stdout.write(`\n${results.join('\n')}\n`);
