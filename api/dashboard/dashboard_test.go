package dashboard_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api/dashboard"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// get asks the handler for path and returns the answer with its body.
func get(t testing.TB, h http.Handler, method, path string, header http.Header) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header[k] = v
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

func TestHandler_ServesEachFile(t *testing.T) {
	h := dashboard.Handler(nil)
	cases := []struct {
		path, contentType, contains string
	}{
		{"/", "text/html; charset=utf-8", "<!doctype html>"},
		{"/index.html", "text/html; charset=utf-8", `<script type="module" src="app.js"></script>`},
		{"/app.js", "text/javascript; charset=utf-8", "new EventSource("},
		{"/stream.js", "text/javascript; charset=utf-8", "new EventSource("},
		{"/style.css", "text/css; charset=utf-8", "html.wall"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
	}
	for _, c := range cases {
		t.Run(strings.TrimPrefix(c.path, "/"), func(t *testing.T) {
			res, body := get(t, h, "GET", c.path, nil)
			if res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if got := res.Header.Get("Content-Type"); got != c.contentType {
				t.Errorf("Content-Type %q, want %q", got, c.contentType)
			}
			if !strings.Contains(body, c.contains) {
				t.Errorf("body does not contain %q", c.contains)
			}
			for k, want := range map[string]string{
				"Content-Security-Policy": dashboard.ContentSecurityPolicy,
				"X-Content-Type-Options":  "nosniff",
				"Cache-Control":           "no-cache",
				"Referrer-Policy":         "no-referrer",
			} {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			etag := res.Header.Get("ETag")
			if len(etag) < 10 || !strings.HasPrefix(etag, `"`) {
				t.Fatalf("ETag %q is not a strong validator", etag)
			}
			// A browser revalidating with the ETag gets a 304 and no body.
			res, body = get(t, h, "GET", c.path, http.Header{"If-None-Match": {etag}})
			if res.StatusCode != http.StatusNotModified || body != "" {
				t.Errorf("revalidation: status %d, %d bytes; want 304 and none", res.StatusCode, len(body))
			}
			res, body = get(t, h, "HEAD", c.path, nil)
			if res.StatusCode != 200 || body != "" || res.Header.Get("Content-Type") != c.contentType {
				t.Errorf("HEAD: status %d, %d bytes, type %q", res.StatusCode, len(body), res.Header.Get("Content-Type"))
			}
		})
	}
}

func TestHandler_Refuses(t *testing.T) {
	h := dashboard.Handler(nil)
	for _, path := range []string{"/nope.js", "/static/app.js", "/v1/tables", "/../dashboard.go", "/app.js/"} {
		if res, _ := get(t, h, "GET", path, nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, res.StatusCode)
		}
	}
	res, _ := get(t, h, "POST", "/index.html", nil)
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: status %d, Allow %q; want 405 and GET, HEAD", res.StatusCode, res.Header.Get("Allow"))
	}
}

// TestIndex_LocalAssetsOnly checks that the page can work under its own
// Content-Security-Policy with no network beyond this server: every asset
// index.html names is a relative name the handler serves, there is no
// inline script, style or event handler, and neither the script nor the
// style sheet names another origin.
func TestIndex_LocalAssetsOnly(t *testing.T) {
	h := dashboard.Handler(nil)
	_, index := get(t, h, "GET", "/index.html", nil)

	attr := regexp.MustCompile(`(?i)\s(src|href|srcset|action|poster|data|formaction)\s*=\s*"([^"]*)"`)
	refs := attr.FindAllStringSubmatch(index, -1)
	if len(refs) < 3 {
		t.Fatalf("found %d asset references in index.html; the parser is wrong", len(refs))
	}
	for _, m := range refs {
		name, ref := m[1], m[2]
		if strings.HasPrefix(ref, "#") {
			continue // a link inside the page
		}
		if strings.Contains(ref, ":") || strings.HasPrefix(ref, "/") || strings.Contains(ref, "..") {
			t.Errorf("%s=%q is not a relative name of a local file", name, ref)
			continue
		}
		if res, _ := get(t, h, "GET", "/"+ref, nil); res.StatusCode != 200 {
			t.Errorf("%s=%q: the handler answers %d", name, ref, res.StatusCode)
		}
	}
	scripts := regexp.MustCompile(`(?is)<script([^>]*)>(.*?)</script>`).FindAllStringSubmatch(index, -1)
	if len(scripts) != 1 {
		t.Errorf("index.html has %d scripts, want the one module", len(scripts))
	}
	for _, m := range scripts {
		if !strings.Contains(m[1], ` src="`) || strings.TrimSpace(m[2]) != "" {
			t.Errorf("inline script %q: the CSP forbids it", m[0])
		}
	}
	for _, bad := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)<style`),
		regexp.MustCompile(`(?i)\sstyle\s*=`),
		regexp.MustCompile(`(?i)\son[a-z]+\s*=`),
		regexp.MustCompile(`(?i)https?:|//[a-z]`),
	} {
		if loc := bad.FindStringIndex(index); loc != nil {
			t.Errorf("index.html has %q, which the CSP forbids or which leaves the server", index[loc[0]:loc[1]])
		}
	}

	// app.js, kit.js, stream.js (the worker app.js starts) and the board
	// module of every game of the registry: none names another origin,
	// evaluates text, or imports anything but this server's modules by a
	// relative name (the kit, and the boards by game, which the handler
	// serves).
	full := dashboard.Handler(registry.New())
	names := []string{"app.js", "kit.js", "stream.js"}
	for _, g := range registry.New().Games() {
		if _, ok := g.(games.BoardViewer); ok {
			names = append(names, "boards/"+g.Name()+".js")
		}
	}
	for _, name := range names {
		res, js := get(t, full, "GET", "/"+name, nil)
		if res.StatusCode != 200 {
			t.Errorf("%s: %d", name, res.StatusCode)
			continue
		}
		url := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}[^\s'"]*`)
		for _, u := range url.FindAllString(js, -1) {
			// The SVG namespace is a name, never fetched.
			if u != "http://www.w3.org/2000/svg" {
				t.Errorf("%s names another origin: %q", name, u)
			}
		}
		for _, bad := range []string{"importScripts", "eval(", "new Function", "innerHTML", "setAttribute('style'"} {
			if strings.Contains(js, bad) {
				t.Errorf("%s uses %s", name, bad)
			}
		}
		for _, m := range regexp.MustCompile(`(?m)^\s*import\s.*?from\s+'([^']*)'|import\(([^)]*)\)`).FindAllStringSubmatch(js, -1) {
			ref := m[1] + m[2]
			if ref != "./kit.js" && ref != "../kit.js" && ref != "`./boards/${game}.js`" {
				t.Errorf("%s imports %q, not a module of this server", name, ref)
			}
		}
	}

	_, css := get(t, h, "GET", "/style.css", nil)
	for _, bad := range []string{"url(", "@import", "@font-face", "http:", "https:"} {
		if strings.Contains(css, bad) {
			t.Errorf("style.css has %q: nothing may be fetched", bad)
		}
	}
}

// TestIndex_Accessible checks the page's landmarks: a language, a title,
// one h1, a live region for new results and a label on the picker.
func TestIndex_Accessible(t *testing.T) {
	_, index := get(t, dashboard.Handler(nil), "GET", "/", nil)
	for _, want := range []string{
		`<html lang="en">`,
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<title>`,
		`<main id="board"`,
		`aria-live="polite"`,
		`<label class="picker">`,
		`role="status"`,
	} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if n := strings.Count(index, "<h1"); n != 1 {
		t.Errorf("index.html has %d h1, want 1", n)
	}
}
