/**
 * `npm run start:cluster` (docs/deploy.md): Varnish on PORT (default 8080, HOST) in front of two
 * instances at PORT+1 and PORT+2, in the foreground. Ctrl-C or SIGTERM stops every process within
 * 10 s; an instance that dies is not restarted, Varnish dying stops everything. The work is
 * scripts/cluster/run-cluster.mjs.
 */
import { runCluster } from "#scripts/cluster/run-cluster.mjs";

runCluster({ port: Number(process.env.PORT || 8080), host: process.env.HOST ?? "" });
