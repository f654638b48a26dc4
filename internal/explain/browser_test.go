package explain_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/metricc/metricc/internal/explain"
)

// The HTML page is tested in a real browser: Debian's chromium, driven
// headless through chromedriver's WebDriver protocol. The test skips when
// either is absent (apt-get install chromium chromium-driver).

// browser is one WebDriver session.
type browser struct {
	t       *testing.T
	base    string // http://127.0.0.1:PORT/session/ID
	driver  *exec.Cmd
	timeout time.Duration
}

func findBrowser(t *testing.T) (chromium, driver string) {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	driver, _ = exec.LookPath("chromedriver")
	if chromium == "" || driver == "" {
		const missing = "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
		if os.Getenv("METRICC_REQUIRE_BROWSER") != "" {
			t.Fatal(missing + ", and METRICC_REQUIRE_BROWSER asks for the HTML page to be tested in a browser")
		}
		t.Skip(missing + "; the HTML page is not tested in a browser (CI sets METRICC_REQUIRE_BROWSER)")
	}
	return chromium, driver
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func startBrowser(t *testing.T) *browser {
	chromium, driverPath := findBrowser(t)
	port := freePort(t)
	cmd := exec.Command(driverPath, fmt.Sprintf("--port=%d", port))
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	require.NoError(t, cmd.Start())
	b := &browser{t: t, driver: cmd, timeout: 60 * time.Second}
	// A fresh profile, removed after the browser has quit (t.TempDir
	// would be removed first, while chromium still writes to it).
	profile, err := os.MkdirTemp("", "metricc-chromium-")
	require.NoError(t, err)
	t.Cleanup(func() {
		if b.base != "" {
			req, _ := http.NewRequest(http.MethodDelete, b.base, nil)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		for range 50 { // chromium's last writes may trail the session's end
			if os.RemoveAll(profile) == nil {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	root := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(root + "/status")
		if err == nil {
			resp.Body.Close()
			break
		}
		require.True(t, time.Now().Before(deadline), "chromedriver did not start: %v", err)
		time.Sleep(100 * time.Millisecond)
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName": "chrome",
		"goog:chromeOptions": map[string]any{
			"binary": chromium,
			"args": []string{"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--no-first-run", "--no-default-browser-check", "--window-size=1280,900",
				"--user-data-dir=" + profile},
		},
		"goog:loggingPrefs": map[string]string{"browser": "ALL"},
	}}}
	var created struct {
		SessionID string `json:"sessionId"`
	}
	b.call(http.MethodPost, root+"/session", caps, &created)
	require.NotEmpty(t, created.SessionID)
	b.base = root + "/session/" + created.SessionID
	return b
}

// call sends one WebDriver command and decodes its "value" into out.
func (b *browser) call(method, url string, body, out any) {
	b.t.Helper()
	var r io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		require.NoError(b.t, err)
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, r)
	require.NoError(b.t, err)
	req.Header.Set("Content-Type", "application/json")
	client := &http.Client{Timeout: b.timeout}
	resp, err := client.Do(req)
	require.NoError(b.t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(b.t, err)
	require.Equal(b.t, http.StatusOK, resp.StatusCode, "%s %s: %s", method, url, data)
	var envelope struct {
		Value json.RawMessage `json:"value"`
	}
	require.NoError(b.t, json.Unmarshal(data, &envelope))
	if out != nil {
		require.NoError(b.t, json.Unmarshal(envelope.Value, out), "%s", envelope.Value)
	}
}

func (b *browser) open(path string) {
	b.call(http.MethodPost, b.base+"/url", map[string]string{"url": "file://" + path}, nil)
}

func (b *browser) eval(script string, out any) {
	b.call(http.MethodPost, b.base+"/execute/sync", map[string]any{"script": script, "args": []any{}}, out)
}

// consoleErrors returns the browser log's entries at level SEVERE
// (uncaught exceptions, console.error, failed loads).
func (b *browser) consoleErrors() []string {
	var entries []struct {
		Level   string `json:"level"`
		Message string `json:"message"`
	}
	b.call(http.MethodPost, b.base+"/se/log", map[string]string{"type": "browser"}, &entries)
	var out []string
	for _, e := range entries {
		if e.Level == "SEVERE" {
			out = append(out, e.Message)
		}
	}
	return out
}

func (b *browser) screenshot() []byte {
	var enc string
	b.call(http.MethodGet, b.base+"/screenshot", nil, &enc)
	data, err := base64.StdEncoding.DecodeString(enc)
	require.NoError(b.t, err)
	return data
}

// countLinks counts the links drawn: SVG paths of class link with a
// visible length.
const countLinks = `return Array.from(document.querySelectorAll("svg.links path.link"))
	.filter(p => p.getTotalLength() > 0 && p.getAttribute("stroke")).length;`

// pairsOf counts the chosen pairs of the levels shown when the page
// opens (each metric's top levels; nested ones are collapsed) and in all.
func pairsOf(ex *explain.Explanation) (top, all int) {
	var walk func(al *explain.Alignment) int
	walk = func(al *explain.Alignment) int {
		n := 0
		if !al.Counted {
			n = len(al.Pairs)
		}
		for _, p := range al.Pairs {
			for _, s := range p.Sub {
				n += walk(s)
			}
		}
		return n
	}
	for _, m := range ex.Metrics {
		for _, tr := range m.Trees {
			for _, al := range tr.Alignments {
				if !al.Counted {
					top += len(al.Pairs)
				}
				all += walk(al)
			}
		}
	}
	return top, all
}

// TestHTMLInBrowser loads explanations of a coreference document and of a
// Smatch pair in headless chromium: no console errors, no network
// requests, one link drawn per chosen pair of every level shown (and of
// every level once all are opened), and a screenshot with links on it.
func TestHTMLInBrowser(t *testing.T) {
	b := startBrowser(t)
	for _, c := range []struct {
		name string
		ex   *explain.Explanation
	}{{"coref", explainCoref(t)}, {"smatch", explainSmatch(t)}} {
		t.Run(c.name, func(t *testing.T) {
			b.t = t
			top, all := pairsOf(c.ex)
			require.Positive(t, top)
			require.GreaterOrEqual(t, all, top)
			dir := t.TempDir()
			if keep := os.Getenv("METRICC_SCREENSHOTS"); keep != "" {
				dir = keep
			}
			page := filepath.Join(dir, c.name+".html")
			var buf bytes.Buffer
			require.NoError(t, c.ex.WriteHTML(&buf))
			require.NoError(t, os.WriteFile(page, buf.Bytes(), 0o644))
			b.open(page)

			var drawn int
			b.eval(countLinks, &drawn)
			assert.Equal(t, top, drawn, "links drawn on load")
			var resources int
			b.eval(`return performance.getEntriesByType("resource").length;`, &resources)
			assert.Zero(t, resources, "the page loads nothing")

			shot := b.screenshot()
			require.NoError(t, os.WriteFile(filepath.Join(dir, c.name+".png"), shot, 0o644))
			img, err := png.Decode(bytes.NewReader(shot))
			require.NoError(t, err)
			// A full-similarity link is hsl(120, 70%, 40%): some pixels of
			// the first screen are that green.
			green := 0
			bounds := img.Bounds()
			for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
				for x := bounds.Min.X; x < bounds.Max.X; x++ {
					r, g, bl, _ := img.At(x, y).RGBA()
					if g>>8 > 140 && r>>8 < 80 && bl>>8 < 80 {
						green++
					}
				}
			}
			assert.Greater(t, green, 50, "green link pixels in the screenshot")

			// Open every level: each draws its links.
			b.eval(`document.querySelectorAll("details").forEach(d => d.open = true); return 0;`, nil)
			deadline := time.Now().Add(10 * time.Second)
			for {
				b.eval(countLinks, &drawn)
				if drawn == all || time.Now().After(deadline) {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			assert.Equal(t, all, drawn, "links drawn with every level open")
			// Closing the metrics hides everything: nothing drawn after a redraw.
			b.eval(`document.querySelectorAll("details.metric").forEach(d => d.open = false);
				window.dispatchEvent(new Event("resize")); return 0;`, nil)
			time.Sleep(200 * time.Millisecond)
			b.eval(countLinks, &drawn)
			assert.Zero(t, drawn, "no links drawn for hidden levels")

			errs := b.consoleErrors()
			assert.Empty(t, errs, "console errors:\n%s", strings.Join(errs, "\n"))
		})
	}
}

// TestHTMLShownAfterLoad loads an explanation that has no place on the
// screen yet (as in the playground, whose frame is shown once its page has
// loaded): nothing can be drawn then, and every link of the levels shown
// is drawn once the page is shown, without a resize of the window.
func TestHTMLShownAfterLoad(t *testing.T) {
	b := startBrowser(t)
	ex := explainCoref(t)
	top, _ := pairsOf(ex)
	require.Positive(t, top)
	var buf bytes.Buffer
	require.NoError(t, ex.WriteHTML(&buf))
	html := strings.Replace(buf.String(), `<html lang="en">`, `<html lang="en" style="display: none">`, 1)
	require.NotEqual(t, buf.String(), html, "the page starts with its <html> element")
	page := filepath.Join(t.TempDir(), "hidden.html")
	require.NoError(t, os.WriteFile(page, []byte(html), 0o644))
	b.open(page)
	var drawn int
	b.eval(countLinks, &drawn)
	require.Zero(t, drawn, "links drawn with no place on the screen")
	b.eval(`document.documentElement.style.display = ""; return 0;`, nil)
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b.eval(countLinks, &drawn); drawn == top {
			break
		}
	}
	assert.Equal(t, top, drawn, "links drawn once the page is shown")
}
