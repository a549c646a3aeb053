/** `npx tsx scripts/recordDiagrams.ts`: re-records the diagrams the markup allowlist is collected from. */
import { main } from '../features/markdown/remark-mermaid/recordings.node';
import { exitWith } from '../system/processes';

exitWith(main());
