/** `npm run bench [-- --growth 10[,100] [--growth-only] [--starter DIR] [--project DIR]]`: what the site costs on this machine (checks/bench.ts). */
import { main } from '../checks/bench';
import { exitWith } from '../node/processes';

exitWith(main());
