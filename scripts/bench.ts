/** `npm run bench [-- --growth 10[,100] [--growth-only] [--starter DIR] [--project DIR]]`: what the site costs on this machine. */
import { main } from '../bench/bench';
import { exitWith } from '../system/processes';

exitWith(main());
