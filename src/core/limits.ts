/**
 * The bounds on every size and time a user can give, in one place. Each is derived from what it costs (memory, or
 * the time a run takes) and checked when a scenario, allocation file, trace or sweep is loaded, before anything is
 * allocated: a value over its bound is bad input (exit 2) naming the field, the value and the limit. README.md
 * ("Limits") lists them.
 *
 * Measured on the development VM (2 shared cores; timings noisy): a scenario of 100,000 nodes with one job loads
 * and runs in 1.3 s and 105 MB; 10,000 racks of 10 nodes in 2.4 s and 155 MB, about 0.4 s an epoch (one message per
 * rack per epoch); FB-2010's day (3,000 nodes, 24,442 jobs, 16.2 M maps) in about 20 s.
 */

/**
 * Simulated times and durations (ms): at most 2^31 - 1, about 24.8 days. Every workload here spans a day, so a
 * month of simulated time covers them with room; times are Float64 everywhere (task durations on the wire too), so
 * nothing wraps, and this bound keeps every sum of times far below 2^53, where a Float64 stops counting
 * milliseconds (at 1e300 ms, epoch + 1 === epoch and a run never ended).
 */
export const MAX_TIME_MS = 2 ** 31 - 1;

/** MAX_TIME_MS as messages name it: "2147483647 ms (24.8 days)". */
export const MAX_TIME_TEXT = `${MAX_TIME_MS} ms (${Math.floor((10 * MAX_TIME_MS) / 86_400_000) / 10} days)`; // 24.8, rounded down

/**
 * Heartbeat intervals one task may span: a running task makes the master step through every epoch until it ends
 * (time jumps only while nothing runs). An epoch costs about 2 us plus 0.5 us a rack here, so a task of a million
 * heartbeats is a run of seconds to minutes; longer ones are refused (a task of 2^31 ms at 100 ms heartbeats would
 * be 21 M epochs).
 */
export const MAX_TASK_EPOCHS = 1_000_000;

/**
 * Rack epochs one task may span (the heartbeat intervals it runs x the racks): every epoch sends each rack a command
 * and takes its batch back. An adversarial walkthrough's scenario, one 99,000 s map at 100 ms heartbeats on 10,000
 * racks of one node (each within its own limit), had simulated 528 s after 30 s of run (5,280 epochs: 0.57 us a rack
 * epoch), so about 94 minutes in all. At this bound, a single map on 10,000 racks ran 86 s, and on 2,000 racks 23 s
 * (a review's runs on the development VM).
 */
export const MAX_TASK_RACK_EPOCHS = 200_000_000;

/**
 * Rack epochs a whole run may span, counted at the least it visits (run-epochs.ts: the heartbeat intervals some job's
 * first map runs in, overlaps once, times the racks). Each task within MAX_TASK_RACK_EPOCHS, a run of many could still
 * take days: a review's million one-map jobs 2 s apart on 10,000 racks of one node (10^10 here) finished 5 jobs a
 * second, about 55 hours, and a thousand 950 s maps 2,000 s apart (9.5 x 10^10) about 66. At about 0.6 us a rack
 * epoch this bound is some ten minutes; the shipped scenarios reach 2.8 x 10^5 (fb2010-day: 2,751 intervals of 30 s
 * at the least, on 100 racks).
 */
export const MAX_RUN_RACK_EPOCHS = 1_000_000_000;

/** A flat rack epoch's cost, about (the rack-epoch limits' unit; their messages say what a run of them takes). */
export const RACK_EPOCH_US = 0.6;

/**
 * A rack epoch under the fluid model, in the flat model's (the unit of the rack-epoch limits above): a fluid rack
 * saves, predicts and reports its links each epoch, busy or not. One map of 100 s on 10,000 racks of one node at
 * 100 ms heartbeats (10^7 rack epochs) ran 8.2 s flat and 29.4 s fluid on a quiet machine, 3.6x (15.9 s and 68.7 s,
 * 4.3x, beside a test run), in 1.7 GB against 0.28; a review's 497,500 ms map on 10,000 racks took 166 s fluid, about
 * 4x the flat model's 0.6 us a rack epoch, and its longer maps 5.1x.
 */
export const FLUID_RACK_EPOCH_COST = 4;

/** What one rack epoch of `model` counts against the rack-epoch limits. */
export const rackEpochCost = (model: 'flat' | 'fluid'): number => (model === 'fluid' ? FLUID_RACK_EPOCH_COST : 1);

/**
 * The shortest heartbeat interval: 100 ms (Hadoop 0.20's was 3 s; later MR1 floors it at 300 ms). A busy run steps
 * through every interval, so a simulated hour is 36,000 epochs at 100 ms; at 7 ms a small scenario ran for minutes.
 */
export const MIN_HEARTBEAT_MS = 100;

/**
 * Heartbeats a run that visits every heartbeat interval may step through up to its last arrival and its longest
 * task's end after it (epochs x nodes). A run whose plugins permit no idle skipping (a replication policy, long-task balancing, resource offers, Quincy:
 * framework/shortcuts.ts) cannot jump over the gaps between jobs. Measured on the development VM: dsbra.json with its
 * 100 arrivals spread over 23 days runs 13 M heartbeats (3 s intervals, 20 nodes) in 3 s and 400 M (100 ms) in 94 s,
 * about 4 M a second; this bound is about 25 s of them, a day of 3 s heartbeats on 3,400 nodes.
 */
export const MAX_WALKED_HEARTBEATS = 100_000_000;

/**
 * Blocks a replication policy's rounds visit in a run (a DSBRA or popular-small round visits every block), rounds
 * counted to the last arrival and the longest task's end: about 1 us a visit, so this bound is a few minutes of
 * rounds. dsbra.json's 1,600 blocks at intervalMs 1 projected 2.2 G visits, about 2,000 s; at its 60 s, 40,000.
 */
export const MAX_ROUND_BLOCK_VISITS = 200_000_000;

/** Nodes (racks x nodesPerRack): 10x scale-10000. Per node the master and racks hold ~100 bytes, each active job a bit. */
export const MAX_NODES = 100_000;

/**
 * Racks: each is an actor with a message each way every epoch; 10,000 racks cost ~0.4 s an epoch. Under the fluid
 * network model a rack also keeps a few numbers by group, one group per rack of the cluster (its group links are bound
 * only as it uses them: rack-links.ts; its lists of groups grow as it lists more), so the racks' state grows as
 * racks^2, about 24 bytes each: `hfsim run scenarios/fb-macro-io.json --variant "Fair + delay" --set workload.jobs=5
 * --set cluster.nodesPerRack=1 --set cluster.network.model=fluid --set cluster.racks=N` peaked at 0.17 GB for 1,000
 * racks, 0.64 GB for 4,000 and 2.4 GB for 10,000 (15.4 s). Before the links were bound as used: 0.29 GB for 1,000,
 * 2.5 GB for 4,000, and 10,000 racks passed 14 GB and was killed (fluid racks were limited to 5,000 then).
 */
export const MAX_RACKS = 10_000;

/** Bytes of a sweep's name: it names a folder (at most 255 bytes), and a shard's folder adds `-shard-<i>-of-<n>`. */
export const MAX_SWEEP_NAME_BYTES = 200;

/**
 * A pool's weight: 0.001 to 1,000 (Hadoop's allocation files use 0.5 to 10 or so). The fair-share search
 * (fair-shares.ts, Hadoop's) doubles a weight-to-slots ratio from 1 up to 1e12 and then bisects 25 times, so a
 * weight of 1e9 was resolved to about 30 slots (shares summed past the cluster) and weights of 1e-20 never reached
 * their shares (every fair share 0).
 */
export const MIN_WEIGHT = 0.001;
export const MAX_WEIGHT = 1000;

/** Map or reduce slots per node: 1,000 (Hadoop nodes ran 2 to 16). */
export const MAX_SLOTS_PER_NODE = 1_000;

/** Slots of one kind in the cluster: the racks hold 16 bytes a slot, so 10 M slots are 160 MB. */
export const MAX_SLOTS = 10_000_000;

/**
 * Slots of both kinds in all under the fluid model: a fluid rack keeps each slot's phases and flows twice (the epoch's
 * saved start for its committed pass), about 2 KB a slot once its arrays are touched. On a few large racks a light
 * workload leaves most of those pages untouched (10,000 nodes of 100 + 100 slots in 4 racks: 0.65 GB; of 200 + 200:
 * 4.5 GB and 26 s for one job of 10 maps), but on small racks each rack's arrays are small and touched at once:
 * 10,000 racks of one node held 0.77 GB with 1 + 1 slots, 2.6 GB with 50 + 50 and 4.4 GB (79 s, 5 jobs) with 100 +
 * 100, about 1.8 KB a slot beyond the racks' own; at 250 + 249 (4,990,000 slots, under the old limit of 5,000,000)
 * it passed 5.9 GB and was killed. 2,000,000 slots keep every shape within about 4.5 GB.
 */
export const MAX_FLUID_SLOTS = 2_000_000;

/** HDFS replication (HDFS's own default 3); a block's replica count is held in a byte. */
export const MAX_REPLICATION = 16;

/** Block size in MB: HDFS's minimum is 1 MB; 1 TB above. */
export const MIN_BLOCK_MB = 1;
export const MAX_BLOCK_MB = 1_048_576;

/**
 * Jobs in a workload: 40x FB-2010's day (24,442). A job holds its spec and results (~200 bytes) for the whole run,
 * and while active a bit per node.
 */
export const MAX_JOBS = 1_000_000;

/**
 * Blocks of all files (one map each), counted before any is placed: 3x FB-2010's day (16.2 M). A block's replicas
 * are 4 bytes each in the block store with a byte of state (~15 bytes at replication 3); a map is ~110 bytes while
 * its job is active (its replicas again, its state, the per-node and per-rack lists that find local work, its running
 * slot and times). FB-2010's day, 16.2 M maps of which few are live at once, runs in 500 MB; one job's maps are live
 * together, so they have their own bound (MAX_JOB_MAPS). 1e9 blocks took hours to place before failing.
 */
export const MAX_BLOCKS = 50_000_000;

/**
 * Replicas of all blocks (or of a jobs workload's maps), counted at the room each block keeps: hdfs.replication, or
 * with a policy that adds replicas its maxReplicas (workload.ts strideOf). A replica is about 13 bytes while its
 * map's job runs (4 in the block store, its place in the per-node lists that find local work): 40 jobs of 50,000 maps
 * ran in 212 MB at replication 3 and 547 MB at 16 (4.7 s and 13 s). MAX_BLOCKS was measured at replication 3 (50 M
 * blocks, 150 M replicas); at 16 its 50 M maps took 14.1 GB. This bound keeps every replication within that one's
 * memory: 9.4 M blocks at 16.
 */
export const MAX_BLOCK_REPLICAS = 150_000_000;

/**
 * Blocks whose replica nodes a jobs workload lists (an SLS trace lists each map's host so): each is a list checked
 * as a scenario field and echoed in the result's config. Measured (an SLS trace, 2-core VM): 9.8 M maps run in 37 s
 * and 2.2 GB with a 441 MB result (45 bytes a block); 39 M filled Node's 4.5 GB heap while loading, and with a
 * larger heap the result passed V8's longest string (~512 MB, about 11 M blocks). So 10 M.
 */
export const MAX_LISTED_REPLICA_BLOCKS = 10_000_000;

/**
 * Maps of one job: all of a job's maps are live while it runs, at ~110 bytes each (measured: one job of 4 M maps,
 * 490 MB resident; 11.2 M maps, 1.2 GB), so 5 M maps are ~550 MB and a few seconds of run time. FB-2010's largest
 * job has 174,613 maps: this is 29x it, room for a trace scaled onto a larger cluster.
 */
export const MAX_JOB_MAPS = 5_000_000;

/** Reduces of all jobs (Facebook ran ~1 reduce per 50 maps): a few bytes each while their job is active. */
export const MAX_REDUCES = 10_000_000;

/** Task slowdowns (rackLocalSlowdown, offRackSlowdown): measured ratios are 1.2 to 3; 100 is far past any network. */
export const MAX_SLOWDOWN = 100;

/** Sigma of the lognormal duration jitter: at 2 the median task takes 0.14x its mean and one in a thousand 65x. */
export const MAX_DURATION_JITTER = 2;

/**
 * Configured pools, users or queues: the fair-share computation walks every pool 25 times a heartbeat interval and
 * the pool order is rebuilt on every launch; 10,000 pools is about 100x a large Hadoop cluster's.
 */
export const MAX_POOLS = 10_000;

/**
 * cluster.network: bandwidths (Gbps, MB/s) at least 0.001 (a 128 MB block then moves in 36 hours at the slowest) and at
 * most 1e6 (a petabit NIC): a link of 1e12 Gbps or more took the MB a flow carried as a difference of its capacity's
 * size, and lost them (crossRackMB 5,889 -> 5,448 at 1e12, 0 at 1e15, with every time the same); at 1e6 the results are
 * those of 1e3, digest and all, on fb-macro-io.json disk-bound. Oversubscription at most 1,000 (a rack link of 40 1 Gbps
 * nodes is then 40 Mbps).
 */
export const MIN_BANDWIDTH = 0.001;
export const MAX_BANDWIDTH = 1e6;
export const MAX_OVERSUBSCRIPTION = 1_000;

/**
 * cluster.network.mapOutputRatio: a map's output per MB of its input, at most 1e6. A map whose output is a million
 * times its input is past any job (a sort writes 1x, a grep almost nothing); above it the MB a task moves (the limit
 * below) failed naming the job, not the ratio, and at 1e308 as "a task would move Infinity MB".
 */
export const MAX_OUTPUT_RATIO = 1e6;

/**
 * An input file (scenario, sweep, trace, allocation file, result): at most V8's longest string, 2^29 - 24 characters
 * (512 MiB of ASCII), beyond which its text cannot be held at all. A larger file took gigabytes and most of a minute
 * to fail, and wrongly (a 560 MB trace: 4.8 GB, 49 s, then "not UTF-8 text"); /dev/zero never failed. FB-2010's SWIM
 * day is 0.9 MB.
 */
export const MAX_INPUT_BYTES = 2 ** 29 - 24;

/**
 * Points of a sweep (axis values x seeds), counted before they are expanded: each is a resolved, validated scenario
 * held in memory. 99,856 small points took 27 s and 595 MB to load here; half that keeps a load within seconds.
 */
export const MAX_SWEEP_POINTS = 50_000;

/**
 * Workers (--workers, --parallel: threads or processes): each is a V8 isolate of ~10 MB (a thread) to ~40 MB (a
 * process) before its run, so 256 of them hold up to 10 GB; the simulations are CPU-bound, so workers beyond the
 * cores add only memory, and 256 is more cores than any machine this runs on (--parallel 100000 ran out of memory).
 */
export const MAX_WORKERS = 256;

/** Nesting of JSON inputs: scenarios nest 5 deep; deeper inputs overflowed the stack in validation. */
export const MAX_JSON_DEPTH = 64;

/**
 * Keys and values of one top-level JSON value of an SLS or Rumen trace (a job, or a trace written as one array),
 * which is parsed whole, a tree node each (~300 bytes of heap a container of two keys): one job of 2 M containers
 * written out (10 M keys and values) loaded in 3.3 GB, and one of 3.5 M (196 MB) filled Node's 4 GB heap after 79 s
 * (exit 134), though its maps were within MAX_JOB_MAPS. A container's "count" copies cost nothing.
 */
export const MAX_JSON_VALUE_NODES = 10_000_000;

/**
 * Characters of one run of spaces and tabs, or escapes (`\n`, `\"`, `\u0041`) in one string, of a JSON input:
 * jsonc-parser's scanner, which locates every JSON input's keys and errors, builds such a token a character (an escape)
 * at a time, about 34 bytes of heap each: a scenario of 536 MB, the limit on an input file, nearly all spaces died of
 * heap after 80 s (exit 134), as would a string of 120 M escapes. A million (34 MB) is far past any file a tool writes.
 */
export const MAX_JSON_RUN = 1_000_000;

/**
 * Characters of one text between tags, one tag, one comment or one CDATA section of an XML input (an allocation or
 * capacity-scheduler file): fast-xml-parser builds a text, and its validator a tag's attributes, a character at a
 * time, about a microsecond and 30-40 bytes of heap each: an allocation file of 100 MB of spaces, or of one pool name,
 * ran past a minute in 2-3 GB; one of a 100 MB comment took 2-9 s and 370 MB to read, of a 100 MB CDATA section about
 * 5 s. A million is far past any value Hadoop's files hold.
 */
export const MAX_XML_RUN = 1_000_000;

/**
 * Characters of all texts, tags, comments and CDATA sections of an XML input together, at the same cost each: 10 MB of texts between comments took 4 s and 430 MB, so the 536 MB an input file may hold would take minutes
 * and run out of memory. A Hadoop allocation file of 10,000 pools (the limit on pools) is about 3 MB.
 */
export const MAX_XML_CHARS = 16_000_000;

/** A whole number in a count that the simulator holds in an Int32Array (skip counts, job limits). */
export const MAX_INT32 = 2 ** 31 - 1;

/**
 * Arcs (LP columns) of one Quincy decision: HiGHS's dual simplex took about 50 ms of CPU time a solve at 7,700 arcs
 * here (`node dist/bench/quincy-scale.js`: 20-55 ms at 640-7,700 arcs, 150 ms at 16,000, 620 ms at 32,000), and Quincy
 * solves once a heartbeat interval while maps wait: past this, a run of hours of simulated time takes hours. Checked
 * for each of the largest jobs alone (quincy/size-limit.ts) and for the jobs waiting at once (quincy/waiting-jobs.ts,
 * their maps replayed from the arrivals). Jobs waiting at once, measured with this limit lifted (`/usr/bin/time -f "%U s
 * user"`, `run.solver`, `mapAssignment.counts`): the fuzzer's seed 54101 case 1497 (quincy.json's 20 jobs of 400 maps
 * of 10 s about 12 s apart on 24 slots, R = 4), its Quincy variant: 1,663 solves (estimate 1,714 decisions), graphs of
 * up to 7,894 tasks (7,786 maps waiting and 24 running), 42,857 columns (estimate 85,967 arcs), 215 s user;
 * capacity.json's FIFO variant under Quincy (jobs of 300 and 800 maps 2 s apart on 80 slots): 473 solves (463), up to
 * 15,678 columns (23,380), 44 s user. Each job alone was within it (4,691 and 7,285 arcs). quincy.json's Quincy: at
 * most 557 columns (755). Bunched jobs on one slot (400 of 100 maps of 1 s, exponential 300 s gaps, seed 6): 207
 * columns (248 arcs; 68 before the fair replay). README's Quincy section has ten such cases: 1.1 to 2.7 times.
 */
export const MAX_QUINCY_ARCS = 8_000;

/**
 * What Quincy's decisions cost while a workload's largest job drains, in map visits (quincy/size-limit.ts
 * quincyMapVisits: its waiting maps each decision, and a solve's own cost), about 0.45 us each: this is about 18 s of
 * run by the fit, 40 s at worst. Measured on the 2-core VM (loaded), each run one large job, `/usr/bin/time -f "%U s user"
 * node dist/src/cli/main.js run s.json --json` and the run's `mapAssignment.counts`, with this limit lifted:
 * 1,900 maps of 40 s on one slot at 1 s heartbeats, R = 1: 77,860 solves over 74 M waiting maps, 44 s user (estimate
 * 98.8 M); test/harness/fixtures/quincy-large-job.json (Facebook, 4,800 maps of 36 s, 12 one-slot nodes, R = 3):
 * 14,801 solves, 35 M waiting maps, 47 s (120 M); with 4 slots a node 11 s (30 M); 4,000 maps of 30 s on 8 two-slot
 * nodes, R = 3, kills: 22 s (33 M); 20 maps of 400 s on one slot at 100 ms: 76,020 solves, 13 s (26 M); 1,900 maps
 * of 1 s on one slot: 3.4 s (4.8 M).
 * The same cost over the whole run, jobs waiting at once together (quincy/waiting-jobs.ts: their maps replayed from
 * the arrivals, decision by decision; a lone job costs no more there than above), against this limit too: 10 jobs of
 * 400 maps of 10 s submitted together on one slot at 3 s heartbeats (each alone 1.05 M): 19,996 solves (estimate
 * 19,996 decisions) over 40.0 M maps, 19.1 s user (47.6 M: refused); 5 such jobs: 9,996 solves, 7.7 s (13.5 M); the 10
 * jobs of 3 s maps: 7,999 solves (7,999) over 16.0 M maps, 10.4 s (19.0 M: accepted, within the half minute); 65 jobs of 2,000 -
 * 30i maps of 1 + 0.9i s, 1 s apart on one slot (each alone within it): still running after 120 s (refused). Drawn
 * arrivals (replayed as drawn: job-arrivals.ts), 400 jobs of 100 maps of 1 s on one slot at 1 s heartbeats: at
 * exponential 200 s gaps 80,209 solves, 265 s user (refused now, at each of seeds 1 to 12); at 300 s, seed 6: 79,979 solves (79,855) over
 * 13.0 M maps, 28.7 s user (39.8 M: accepted); the same jobs at fixed 200 s gaps 14.7 s (29.8 M). Solves
 * of programs past MAX_QUINCY_ARCS cost more than ARC_VISITS an arc (the fuzz case above: 155.6 M, 215 s).
 */
export const MAX_QUINCY_MAP_VISITS = 40_000_000;

/**
 * The least Quincy cost above 0 (quincy/policy.ts): HiGHS tells costs apart only to about 1e-7 (its dual feasibility
 * tolerance), so a smaller positive one acts as 0: killCost 1e-9 with runningBonusPerSecond 0 passed the check of both
 * being 0 and its solutions killed and relaunched maps (10,805 kills of 58 maps, responses 18 times longer).
 */
export const MIN_QUINCY_COST = 0.001;

/**
 * Heartbeat intervals with jobs active and nothing launched, finished or arrived after which a run that no running task
 * can end is stopped as stalled (MasterActor.checkProgress): a broken policy must fail, not spin. A setting that holds
 * every slot back for longer (the offers policy's refuseMs) is refused before the run.
 */
export const STALL_INTERVALS = 100_000;

/**
 * A limit passed during a run, where only the run could tell (a jittered task's drawn time: task-jitter.ts): the
 * engine's own error, not a plugin's (the CLI names the --plugin files as a likely cause of any other failure).
 */
export class RunLimitError extends RangeError {
  override readonly name = 'RunLimitError';
}
