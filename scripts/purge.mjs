/**
 * `npm run purge` after a deploy: bans objects from the Varnish of `npm run start:cluster` (or any
 * Varnish running deploy/varnish/default.vcl) on this machine, which accepts bans from localhost only.
 *
 *   npm run purge                          everything
 *   npm run purge -- '^/artists/' '^/images/artists/mira-castell/'   what matches these path patterns
 *
 * Environment: PORT, where Varnish listens (default 8080). Exits 1 if a ban was refused.
 */
const PORT = Number(process.env.PORT || 8080);
const patterns = process.argv.slice(2);

let failed = false;
for (const pattern of patterns.length ? patterns : ["^/"]) {
  const response = await fetch(`http://127.0.0.1:${PORT}/`, { method: "BAN", headers: { "X-Ban-Url": pattern } }).catch(
    (error) => {
      console.error(
        `No Varnish answered on port ${PORT} (${error.cause?.code ?? error.message}); set PORT to its port.`,
      );
      process.exit(1);
    },
  );
  console.log(`${pattern}: ${(await response.text()).trim()}`);
  failed ||= !response.ok;
}
process.exit(failed ? 1 : 0);
