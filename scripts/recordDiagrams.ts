/** `npx tsx scripts/recordDiagrams.ts`: re-records the diagrams the markup allowlist is collected from (checks/recordDiagrams.ts). */
import { main } from '../checks/recordDiagrams';
import { exitWith } from '../node/processes';

exitWith(main());
