// Package dashboard holds the live statistics board that wagerlog serves to
// browsers: one HTML page, one ES module, the worker that follows its live
// stream and one style sheet, embedded in the binary so that nothing is
// built, installed or fetched at run time.
//
// The page lists the tables (GET /v1/tables), shows the board of the chosen
// one (GET /v1/tables/{table}/board: the last results as dice faces with
// their total and big/small, odd/even and triple marks, the percentages, hot
// and cold faces, streaks and gaps and a chart of totals, with the table's
// paytable, limits and dealer) and keeps it current over server-sent events
// (GET /v1/tables/{table}/board/stream), reconnecting when the stream drops.
// The stream is followed in a worker so that a headless Chromium taking a
// screenshot with a virtual time budget sees the page go idle. It reads a viewer token from the URL fragment (#token=…) or from a
// small form, keeps it in the browser's localStorage and sends it as a bearer
// token; a server started with --public-board needs none.
//
// The page is laid out for a phone held upright (from 360 px wide), for a
// 1400×1000 desktop (the 50 results on the first screen) and for a wall
// screen (1920×1080, large type; forced with ?wall=1). It is plain
// HTML, CSS and JavaScript: no build step, no CDN, no external font.
//
// Handler serves the files with their content types, revalidation headers
// (strong ETags) and a strict Content-Security-Policy that allows only the
// page's own origin, so the page cannot load or send anything elsewhere.
package dashboard
