package clustertest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The stream and the users that docs/cluster/accounts.conf defines.
const (
	// Account owns the stream.
	Account = "WAGERLOG"
	// Stream is the stream name the accounts file grants access to.
	Stream = "WAGERLOG"
	// SubjectPrefix is the subject prefix the accounts file grants.
	SubjectPrefix = "wagerlog"
	// AccountsFile is the accounts file, relative to the module root.
	AccountsFile = "docs/cluster/accounts.conf"
)

// User is one NATS user of the cluster: what a client needs to connect as
// it.
type User struct {
	Name     string
	Password string
	// InboxPrefix is the reply subject prefix the user may subscribe to;
	// empty for the admin, who may subscribe to anything.
	InboxPrefix string
}

// Admin administers the stream: it alone may create, update, purge or
// delete it.
func Admin() User { return User{Name: "wagerlog-admin", Password: "admin-test-secret"} }

// Ledger is the writer: it publishes its event subjects and makes the
// JetStream API calls the ledger needs, nothing more.
func Ledger() User {
	return User{Name: "wagerlog-ledger", Password: "ledger-test-secret", InboxPrefix: "_INBOX_ledger"}
}

// Reader is an auditor or a read replica: read-only consumers.
func Reader() User {
	return User{Name: "wagerlog-reader", Password: "reader-test-secret", InboxPrefix: "_INBOX_reader"}
}

// Operator is a person with the NATS CLI: reads the stream every way the
// CLI does, changes nothing.
func Operator() User {
	return User{Name: "wagerlog-operator", Password: "operator-test-secret", InboxPrefix: "_INBOX_operator"}
}

// sysPassword is the system account user's password.
const sysPassword = "sys-test-secret"

// environment returns the variables the accounts file reads the passwords
// from.
func environment() []string {
	return []string{
		"WAGERLOG_ADMIN_PASSWORD=" + Admin().Password,
		"WAGERLOG_LEDGER_PASSWORD=" + Ledger().Password,
		"WAGERLOG_READER_PASSWORD=" + Reader().Password,
		"WAGERLOG_OPERATOR_PASSWORD=" + Operator().Password,
		"WAGERLOG_SYS_PASSWORD=" + sysPassword,
	}
}

// ClusterName is the cluster block's name.
const ClusterName = "wagerlog"

// nodeConfig renders one node's configuration: the shape docs/CLUSTER.md
// shows operators, on loopback ports. routes lists every node's cluster
// port (a route to itself is ignored by the server).
func nodeConfig(n *Node, routes []int) string {
	var rs []string
	for _, p := range routes {
		rs = append(rs, fmt.Sprintf("    nats-route://127.0.0.1:%d", p))
	}
	return fmt.Sprintf(`# Written by internal/clustertest; see docs/CLUSTER.md.
server_name: %s
listen: 127.0.0.1:%d
http: 127.0.0.1:%d

jetstream {
  store_dir: %q
  # fsync every write before it is acknowledged (Jepsen, NATS 2.12.1).
  sync_interval: always
}

cluster {
  name: %s
  listen: 127.0.0.1:%d
  routes: [
%s
  ]
}

include "accounts.conf"
`, n.Name, n.ClientPort, n.HTTPPort, n.storeDir(), ClusterName, n.ClusterPort, strings.Join(rs, "\n"))
}

// moduleRoot finds the directory holding go.mod, from the working
// directory up (a test runs in its package's directory).
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("clustertest: go.mod not found above the working directory")
		}
		dir = parent
	}
}

// accountsConfig returns the content of the repository's accounts file.
func accountsConfig() ([]byte, error) {
	root, err := moduleRoot()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(root, AccountsFile))
}
