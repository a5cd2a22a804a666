package clustertest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodeConfig checks the configuration each node is started with: the
// durability setting, the routes to every node, and the repository's
// accounts file included, as docs/CLUSTER.md shows operators.
func TestNodeConfig(t *testing.T) {
	n := &Node{Name: "n2", ClientPort: 4223, ClusterPort: 6223, HTTPPort: 8223, dir: "/x/n2"}
	conf := nodeConfig(n, []int{6222, 6223, 6224})
	for _, want := range []string{
		"server_name: n2\n", "listen: 127.0.0.1:4223\n", "http: 127.0.0.1:8223\n",
		`store_dir: "/x/n2/store"`, "sync_interval: always\n",
		"name: " + ClusterName + "\n", "listen: 127.0.0.1:6223\n",
		"nats-route://127.0.0.1:6222\n", "nats-route://127.0.0.1:6224\n",
		`include "accounts.conf"`,
	} {
		if !strings.Contains(conf, want) {
			t.Errorf("node config lacks %q:\n%s", want, conf)
		}
	}

	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "CLUSTER.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"sync_interval: always", `include "accounts.conf"`, "nats-route://"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("docs/CLUSTER.md's node configuration lacks %q", want)
		}
	}
}

// TestAccountsConfig checks that the documented accounts file defines the
// users the suite connects as, each password read from the environment
// variable the suite sets.
func TestAccountsConfig(t *testing.T) {
	b, err := accountsConfig()
	if err != nil {
		t.Fatal(err)
	}
	conf := string(b)
	env := strings.Join(environment(), "\n")
	for _, u := range []User{Admin(), Ledger(), Reader()} {
		if !strings.Contains(conf, "user: "+u.Name+",") {
			t.Errorf("%s defines no user %s", AccountsFile, u.Name)
		}
		if u.InboxPrefix != "" && !strings.Contains(conf, `"`+u.InboxPrefix+`.>"`) {
			t.Errorf("%s lets %s subscribe to no %s.>", AccountsFile, u.Name, u.InboxPrefix)
		}
		if !strings.Contains(env, "="+u.Password) {
			t.Errorf("no environment variable carries %s's password", u.Name)
		}
	}
	for _, v := range []string{"WAGERLOG_ADMIN_PASSWORD", "WAGERLOG_LEDGER_PASSWORD", "WAGERLOG_READER_PASSWORD", "WAGERLOG_SYS_PASSWORD"} {
		if !strings.Contains(conf, "$"+v) || !strings.Contains(env, v+"=") {
			t.Errorf("%s: the file and the suite disagree on $%s", AccountsFile, v)
		}
	}
}
