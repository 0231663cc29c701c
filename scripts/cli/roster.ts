/** `npm run roster -- 40`: prints the folder of a scratch copy whose roster is 40 times the content's (tests/support/roster.ts). */
import { makeRoster } from "#tests/support/roster.ts";

console.log(await makeRoster(Number(process.argv[2] ?? 10)));
