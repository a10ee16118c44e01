/** SLS JSON and Rumen traces of many small jobs, a job a line, for the tests of reading large traces. */

/** An SLS JSON trace of `jobs` jobs of 8 maps and a reduce, a job a line (its user "zoë" holds a character of two bytes). */
export const slsTrace = (jobs: number): string => Array.from({ length: jobs }, (_, i) => {
  const maps = Array.from({ length: 8 }, (_, k) => `{ "container.host": "/default-rack/node${(i + k) % 4 + 1}", "container.start.ms": ${1000 * k}, "container.end.ms": ${1000 * k + 5000}, "container.priority": 20, "container.type": "map" }`);
  return `{ "am.type": "mapreduce", "job.start.ms": ${i * 10}, "job.queue.name": "default", "job.id": "job_${i}", "job.user": "zoë", "job.tasks": [ ${maps.join(', ')}, { "container.host": "/default-rack/node1", "container.start.ms": 9000, "container.end.ms": 20000, "container.type": "reduce" } ] }\n`;
}).join('');

/** A Rumen trace of `jobs` jobs of 8 maps and a reduce, a job a line. */
export const rumenTrace = (jobs: number): string => Array.from({ length: jobs }, (_, i) => {
  const task = (host: string, start: number, finish: number): string => `{ "taskType": "MAP", "attempts": [ { "result": "SUCCESS", "hostName": "${host}", "startTime": ${start}, "finishTime": ${finish} } ] }`;
  const maps = Array.from({ length: 8 }, (_, k) => task(`/default-rack/node${(i + k) % 4 + 1}`, 1000 * k, 1000 * k + 5000));
  return `{ "jobID": "job_1_${i}", "user": "zoë", "queue": "default", "submitTime": ${1000 + i * 10}, "mapTasks": [ ${maps.join(', ')} ], "reduceTasks": [ ${task('/default-rack/node1', 9000, 20000)} ] }\n`;
}).join('');
