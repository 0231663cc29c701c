#
# The edge in front of the app: Varnish 7.1 (Debian 12's `varnish`), the cache engine several CDNs
# are built on. `npm run start:cluster` runs it in front of two instances; docs/deploy.md explains
# what each rule does for a visitor and how to deploy it for real.
#
# The app's own headers decide what is cached and for how long (s-maxage, then max-age), and
# stale-while-revalidate becomes grace (Varnish's default since 6.x); this file only adds what an
# edge must decide by itself: which instance answers, what to do when one fails, which request
# headers may split the cache, and who may purge.
#
# The instances live in backends.vcl (found through varnishd's vcl_path): it declares the backends
# with `.probe = healthz`, a round-robin director `app` over them, and `sub app_other_backend`,
# which sets bereq.backend to an instance other than the one named in bereq.http.X-Failed-Backend.
# `npm run start:cluster` writes one for its own ports; see docs/deploy.md for an operator's copy.
#
vcl 4.1;

import directors;
import std;

# An instance is healthy while 2 of its last 3 /healthz answers (one a second) were 200; a killed
# instance leaves the rotation within 2 s, and until then a fetch it fails is retried on another.
probe healthz {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

include "backends.vcl";

# Bans and purges come from the machine itself (`npm run purge`), never from the internet.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "BAN" || req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (req.method == "PURGE") {
            return (purge);
        }
        # X-Ban-Url is a regular expression over paths; every object whose URL matches goes. Its name
        # and the pattern of every page (^/) are model/cache-ban.ts's: the follower and npm run purge send them.
        if (!req.http.X-Ban-Url) {
            return (synth(400, "BAN needs an X-Ban-Url header (a regular expression over paths)"));
        }
        ban("obj.http.X-Url ~ " + req.http.X-Ban-Url);
        return (synth(200, "Banned"));
    }

    # The editing screen (`npm run edit`) and its API, which read and write the repository, run only
    # on an editor's own machine; the public site has neither, and the edge refuses them by name
    # too, so no build or proxy mistake can ever expose them (docs/decisions/0008-editing-screen.md).
    if (req.url ~ "(?i)^/+(api/+)?keystatic(/|\?|$)") {
        return (synth(404, "Not Found"));
    }

    # The app never reads the Host, X-Forwarded-* or cookie headers (it answers for SITE_URL), so
    # none of them may split or bypass the cache: every request for a URL shares one object.
    unset req.http.Cookie;
    unset req.http.X-Forwarded-Host;

    # The pages' events (docs/privacy.md) go to the app, never to the cache. Varnish appends the
    # visitor's address to X-Forwarded-For, which the app believes because TRUST_PROXY names it.
    if (req.url ~ "^/api/event(\?|$)") {
        return (pass);
    }

    # Only GET and HEAD are cached; anything else goes to the app, which answers 405 (never piped:
    # a piped connection bypasses this file for every request that follows on it).
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization || req.url ~ "^/healthz(\?|$)") {
        return (pass);
    }

    # One cache entry per encoding the app can send, not one per browser's Accept-Encoding string.
    # (varnishd runs with http_gzip_support=off, so Varnish never re-encodes what the app chose.)
    if (req.http.Accept-Encoding ~ "(?i)\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
    return (hash);
}

# The URL alone: the app answers every Host with the same bytes, so a forged Host can neither
# poison another host's entry nor fill the cache with copies.
sub vcl_hash {
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_fetch {
    if (bereq.retries == 0) {
        set bereq.backend = app.backend();
    } else {
        call app_other_backend;
        unset bereq.http.X-Failed-Backend;
    }
}

sub vcl_backend_response {
    # For bans: the ban lurker can test stored objects against their URL without a request in hand.
    set beresp.http.X-Url = bereq.url;
    # An instance failing (a 5xx while it shuts down or breaks) is the other's job, once; a GET or
    # HEAD is safe to send twice.
    if (beresp.status >= 500 && bereq.retries == 0 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        set bereq.http.X-Failed-Backend = beresp.backend;
        return (retry);
    }
    if (beresp.status >= 500) {
        # A background refresh that failed keeps the stale copy; a 5xx itself is never stored.
        if (bereq.is_bgfetch) {
            return (abandon);
        }
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # No Cache-Control and no Expires: the app did not say the answer may be shared (redirects,
    # 405s), so the edge does not guess a lifetime.
    if (!beresp.http.Cache-Control && !beresp.http.Expires) {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # A page or file past its grace is revalidated with its ETag (a 304 from the app) for a day.
    set beresp.keep = 1d;
    # The built-in rules follow: no-store, no-cache, private and Set-Cookie are never stored.
}

# A fetch that never got an answer (the instance died or refused the connection): the other
# instance answers instead, and only if every instance failed does the visitor see a 503.
sub vcl_backend_error {
    if (bereq.retries == 0) {
        set bereq.http.X-Failed-Backend = beresp.backend;
        return (retry);
    }
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Content-Type = "text/plain; charset=utf-8";
    set beresp.http.Retry-After = "5";
    set beresp.body = "" + beresp.status + " " + beresp.reason + {"
"};
    return (deliver);
}

sub vcl_deliver {
    unset resp.http.X-Url;
    # For operators and tests: whether this answer came from the cache.
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}

# Varnish's own answers (bans, refusals, a request it could not parse): plain text, never stored.
sub vcl_synth {
    set resp.http.Cache-Control = "no-store";
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.body = "" + resp.status + " " + resp.reason + {"
"};
    return (deliver);
}
