package dashboard

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/wagerlog/wagerlog/games"
)

// static holds the page's files. Every file in it is served; nothing else is.
//
//go:embed static
var static embed.FS

// ContentSecurityPolicy is sent with every file: scripts, styles, images and
// connections from the page's own origin only, no inline script or style
// markup, no plugins, no framing, no forms. The page builds its dice and
// charts as DOM and SVG nodes, which this policy allows.
const ContentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; " +
	"img-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; " +
	"form-action 'none'; frame-ancestors 'none'"

// contentType returns the type of an embedded file by its extension; a file
// with another extension is a programmer error caught by Handler.
func contentType(ext string) (string, bool) {
	switch ext {
	case ".html":
		return "text/html; charset=utf-8", true
	case ".js":
		return "text/javascript; charset=utf-8", true
	case ".css":
		return "text/css; charset=utf-8", true
	case ".svg":
		return "image/svg+xml", true
	}
	return "", false
}

// asset is one embedded file ready to serve.
type asset struct {
	body        []byte
	contentType string
	etag        string
}

// BoardsDir is where the page finds the games' board modules: the
// module of game g is served at BoardsDir/g.js.
const BoardsDir = "/boards/"

// Handler returns the handler that serves the dashboard. It answers GET and
// HEAD for "/" (the page), for each file by its name ("/app.js"), and for
// the board module of every game of catalog that ships one
// (games.BoardViewer) at /boards/<game>.js, with its stylesheet
// (games.BoardStyler) at /boards/<game>.css; the page loads a table's board
// module by the game its terms name, and knows no game itself. Mount
// it at the site root, or under a prefix with http.StripPrefix (the page
// refers to its files by relative names). Other paths are 404, other methods
// 405.
//
// Every answer carries Cache-Control: no-cache with a strong ETag, so a
// browser revalidates (a cheap 304) and never runs a stale script after an
// upgrade, and the Content-Security-Policy above.
func Handler(catalog *games.Catalog) http.Handler {
	assets := map[string]asset{}
	add := func(name string, body []byte, ct string) {
		sum := sha256.Sum256(body)
		assets[name] = asset{body: body, contentType: ct, etag: `"` + hex.EncodeToString(sum[:16]) + `"`}
	}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		ct, ok := contentType(path.Ext(p))
		if !ok {
			return fmt.Errorf("dashboard: no content type for %s", p)
		}
		add("/"+strings.TrimPrefix(p, "static/"), body, ct)
		return nil
	})
	if err != nil {
		// The files are compiled in: failing here is a build mistake.
		panic(err)
	}
	assets["/"] = assets["/index.html"]
	if catalog != nil {
		js, _ := contentType(".js")
		css, _ := contentType(".css")
		for _, g := range catalog.Games() {
			if bv, ok := g.(games.BoardViewer); ok {
				add(BoardsDir+g.Name()+".js", bv.BoardModule(), js)
			}
			if bs, ok := g.(games.BoardStyler); ok {
				add(BoardsDir+g.Name()+".css", bs.BoardStyle(), css)
			}
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := assets[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Type", a.contentType)
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", a.etag)
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		// ServeContent answers If-None-Match with 304 and handles HEAD and
		// ranges; the zero modification time leaves Last-Modified out.
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(a.body))
	})
}
