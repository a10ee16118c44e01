/** The fluid model on rack threads, scenario files of the second half (fluid-threads.ts). */
import { fluidThreadsTests } from './fluid-threads.js';

fluidThreadsTests(1);
