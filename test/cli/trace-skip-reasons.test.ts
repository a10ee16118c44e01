/**
 * A job an SLS JSON or Rumen trace skips is told with the field at fault, the value written there and what SLS needs:
 * "lasts 0 ms" or "has no containers" left the user to find which key of the job said so.
 */
import { describe, expect, it } from 'vitest';
import { parseRumenTrace } from '../../src/cli/rumen.js';
import { parseSlsTrace } from '../../src/cli/sls.js';

const OK_SLS = '{ "job.id": "ok", "job.start.ms": 0, "job.queue.name": "q", "job.tasks": [ { "container.host": "/r/n1", "duration.ms": 5 } ] }\n';
const slsJob = (tasks: string) => `{ "job.id": "bad", "job.start.ms": 0, "job.queue.name": "q"${tasks} }\n`;
const container = (keys: string) => `, "job.tasks": [ { "container.host": "/r/n1"${keys} } ]`;
const NEEDS_TIME = 'and SLS needs a container to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")';

describe('an SLS JSON job skipped is told with its field, value and what SLS needs', () => {
  it.each([
    ['no "job.tasks"', '', '"job.tasks" is missing, and SLS needs at least one container ("No task for the job!")'],
    ['"job.tasks" null', ', "job.tasks": null', '"job.tasks" is null, and SLS needs at least one container ("No task for the job!")'],
    ['"job.tasks" empty', ', "job.tasks": []', '"job.tasks" is [], and SLS needs at least one container ("No task for the job!")'],
    ['"duration.ms" 0', container(', "duration.ms": 0'), `its container at line 2 has "duration.ms" 0, ${NEEDS_TIME}`],
    ['"container.duration.ms" below 0', container(', "container.duration.ms": -5, "duration.ms": 7'), `its container at line 2 has "container.duration.ms" -5, ${NEEDS_TIME}`],
    ['an end before the start', container(', "container.start.ms": 7, "container.end.ms": 3'), `its container at line 2 has "container.start.ms" 7 and "container.end.ms" 3, so lasts -4 ms, ${NEEDS_TIME}`],
    ['a start alone', container(', "container.start.ms": 7'), `its container at line 2 has no duration ("container.duration.ms", "duration.ms", or "container.start.ms" and "container.end.ms"; it has "container.start.ms" 7), ${NEEDS_TIME}`],
    ['-1, SLS\'s "not given"', container(', "duration.ms": -1'), `its container at line 2 has no duration ("container.duration.ms", "duration.ms", or "container.start.ms" and "container.end.ms"; it has "duration.ms" -1, SLS's "not given"), ${NEEDS_TIME}`],
    ['no time key', container(''), `its container at line 2 has no duration ("container.duration.ms", "duration.ms", or "container.start.ms" and "container.end.ms"; it has none), ${NEEDS_TIME}`],
  ])('%s', (_, tasks, why) => {
    expect(parseSlsTrace(OK_SLS + slsJob(tasks), 's.json').skipped.map((k) => k.why)).toEqual([why]);
  });
});

const OK_RUMEN = '{ "jobID": "job_0_1", "queue": "q", "submitTime": 0, "mapTasks": [ { "attempts": [ { "hostName": "/r/h1", "startTime": 0, "finishTime": 5000 } ] } ] }\n';
const rumenJob = (task: string) => `{ "jobID": "job_0_2", "queue": "q", "submitTime": 0,\n  "mapTasks": [ ${task} ] }\n`;
const lastAttempt = (keys: string) => `{ "attempts": [ { "hostName": "/r/h0", "startTime": 0, "finishTime": 9 }, { ${keys} } ] }`;
const NEEDS_ATTEMPT_TIME = 'and SLS needs it to last above 0 ms ("Duration of a task shouldn\'t be less or equal to 0!")';

describe('a Rumen job skipped is told with its field, value and what SLS needs', () => {
  it.each([
    ['no "attempts"', '{ "taskID": "m0" }', 'its task at line 3 in "mapTasks" has no attempt: "attempts" is missing, and SLS needs at least one ("Invalid map task, no attempt for a mapper!")'],
    ['"attempts" empty', '{ "attempts": [] }', 'its task at line 3 in "mapTasks" has no attempt: "attempts" is [], and SLS needs at least one ("Invalid map task, no attempt for a mapper!")'],
    ['no "hostName"', lastAttempt('"startTime": 1, "finishTime": 2'), 'its task at line 3 in "mapTasks": its last attempt has no "hostName", and SLS needs the node it ran on'],
    ['"hostName" null', lastAttempt('"hostName": null, "startTime": 1, "finishTime": 2'), 'its task at line 3 in "mapTasks": its last attempt has "hostName" null, and SLS needs the node it ran on'],
    ['a finish at its start', lastAttempt('"hostName": "/r/h1", "startTime": 5, "finishTime": 5'), `its task at line 3 in "mapTasks": its last attempt has "startTime" 5 and "finishTime" 5, so lasts 0 ms, ${NEEDS_ATTEMPT_TIME}`],
    ['a finish not known', lastAttempt('"hostName": "/r/h1", "startTime": 1000, "finishTime": -1'), `its task at line 3 in "mapTasks": its last attempt has "startTime" 1000 and "finishTime" -1 (Rumen's "not known"), so lasts -1001 ms, ${NEEDS_ATTEMPT_TIME}`],
    ['no times', lastAttempt('"hostName": "/r/h1"'), `its task at line 3 in "mapTasks": its last attempt has no "startTime" and no "finishTime" (each -1 to SLS), so lasts 0 ms, ${NEEDS_ATTEMPT_TIME}`],
    ['a null finish', lastAttempt('"hostName": "/r/h1", "startTime": 3, "finishTime": null'), `its task at line 3 in "mapTasks": its last attempt has "startTime" 3 and "finishTime" null (0 to SLS), so lasts -3 ms, ${NEEDS_ATTEMPT_TIME}`],
  ])('%s', (_, task, why) => {
    expect(parseRumenTrace(OK_RUMEN + rumenJob(task), 'r.json').skipped.map((k) => k.why)).toEqual([why]);
  });
});
