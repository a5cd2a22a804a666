// Package dashboard holds the live statistics board that wagerlog serves to
// browsers: one HTML page, one ES module and one style sheet, embedded in the
// binary so that nothing is built, installed or fetched at run time.
//
// The page lists the tables (GET /v1/tables), shows the board of the chosen
// one (GET /v1/tables/{table}/board: the last results as dice faces with
// their total and big/small, odd/even and triple marks, the percentages, hot
// and cold faces and a chart of totals) and keeps it current over server-sent
// events (GET /v1/tables/{table}/board/stream), reconnecting when the stream
// drops. It reads a viewer token from the URL fragment (#token=…) or from a
// small form, keeps it in the browser's localStorage and sends it as a bearer
// token; a server started with --public-board needs none.
//
// The page is laid out for a phone held upright (from 360 px wide) and for a
// wall screen (1920×1080, large type; forced with ?wall=1). It is plain
// HTML, CSS and JavaScript: no build step, no CDN, no external font.
//
// Handler serves the files with their content types, revalidation headers
// (strong ETags) and a strict Content-Security-Policy that allows only the
// page's own origin, so the page cannot load or send anything elsewhere.
package dashboard
