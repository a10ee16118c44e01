/** The fluid model on rack threads, scenario files of the first half (fluid-threads.ts). */
import { fluidThreadsTests } from './fluid-threads.js';

fluidThreadsTests(0);
