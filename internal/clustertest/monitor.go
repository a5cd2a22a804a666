package clustertest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// httpTimeout bounds one request to a node's monitoring port.
const httpTimeout = 2 * time.Second

// jsz is the part of the /jsz answer the suite reads.
type jsz struct {
	Meta *struct {
		Leader   string `json:"leader"`
		Replicas []struct {
			Name    string `json:"name"`
			Current bool   `json:"current"`
			Offline bool   `json:"offline"`
		} `json:"replicas"`
	} `json:"meta_cluster"`
	Accounts []struct {
		Name    string         `json:"name"`
		Streams []StreamStatus `json:"stream_detail"`
	} `json:"account_details"`
}

// StreamStatus is one node's view of a stream (from /jsz).
type StreamStatus struct {
	Name    string `json:"name"`
	Cluster *struct {
		Leader   string `json:"leader"`
		Replicas []struct {
			Name    string `json:"name"`
			Current bool   `json:"current"`
			Offline bool   `json:"offline"`
			Lag     uint64 `json:"lag"`
		} `json:"replicas"`
	} `json:"cluster"`
	State struct {
		Msgs    uint64 `json:"messages"`
		LastSeq uint64 `json:"last_seq"`
	} `json:"state"`
}

func get(n *Node, path string, v any) error {
	client := http.Client{Timeout: httpTimeout}
	resp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d%s", n.HTTPPort, path))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s: %s", n.Name, path, resp.Status, body)
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(body, v)
}

// healthz reports whether the node answers with JetStream enabled.
func healthz(n *Node) error {
	return get(n, "/healthz?js-enabled-only=true", nil)
}

// WaitMetaLeader waits until every running node names the same JetStream
// meta leader, and the leader sees every other running node as a current
// peer (before that, creating a stream with 3 replicas can fail with "no
// suitable peers for placement"). It returns the leader's index.
func (c *Cluster) WaitMetaLeader() int {
	c.tb.Helper()
	deadline := time.Now().Add(LeaderTimeout)
	for {
		leader, err := c.metaLeader()
		if err == nil {
			return leader
		}
		if time.Now().After(deadline) {
			c.tb.Fatalf("clustertest: no meta leader after %v: %v", LeaderTimeout, err)
		}
		time.Sleep(pollInterval)
	}
}

func (c *Cluster) metaLeader() (int, error) {
	name := ""
	for _, n := range c.Nodes {
		if !n.Running() {
			continue
		}
		var j jsz
		if err := get(n, "/jsz", &j); err != nil {
			return -1, err
		}
		if j.Meta == nil || j.Meta.Leader == "" {
			return -1, fmt.Errorf("%s knows no meta leader", n.Name)
		}
		if name != "" && j.Meta.Leader != name {
			return -1, fmt.Errorf("nodes disagree on the meta leader: %s, %s", name, j.Meta.Leader)
		}
		name = j.Meta.Leader
		if name == n.Name {
			if err := currentPeers(c, j); err != nil {
				return -1, err
			}
		}
	}
	return c.index(name)
}

// currentPeers checks the meta leader's view: every other running node is
// a current, online peer.
func currentPeers(c *Cluster, j jsz) error {
	peers := map[string]bool{}
	for _, r := range j.Meta.Replicas {
		peers[r.Name] = r.Current && !r.Offline
	}
	for _, n := range c.Nodes {
		if n.Name == j.Meta.Leader || !n.Running() {
			continue
		}
		if !peers[n.Name] {
			return fmt.Errorf("meta leader %s does not see %s as a current peer", j.Meta.Leader, n.Name)
		}
	}
	return nil
}

func (c *Cluster) index(name string) (int, error) {
	for i, n := range c.Nodes {
		if n.Name == name {
			return i, nil
		}
	}
	return -1, fmt.Errorf("no node named %q", name)
}

// streamStatus returns node n's view of the suite's stream.
func streamStatus(n *Node) (StreamStatus, error) {
	var j jsz
	if err := get(n, "/jsz?acc="+Account+"&streams=true", &j); err != nil {
		return StreamStatus{}, err
	}
	for _, a := range j.Accounts {
		for _, s := range a.Streams {
			if s.Name == Stream {
				return s, nil
			}
		}
	}
	return StreamStatus{}, fmt.Errorf("%s has no stream %s", n.Name, Stream)
}

// errNoLeader is returned by StreamLeader while no node leads the stream.
var errNoLeader = errors.New("no stream leader")

// StreamLeader returns the index of the node that currently leads the
// stream: a running node that names itself leader. It fails the test if
// none does within LeaderTimeout.
func (c *Cluster) StreamLeader() int {
	c.tb.Helper()
	deadline := time.Now().Add(LeaderTimeout)
	for {
		i, err := c.streamLeader()
		if err == nil {
			return i
		}
		if time.Now().After(deadline) {
			c.tb.Fatalf("clustertest: %v after %v", err, LeaderTimeout)
		}
		time.Sleep(pollInterval)
	}
}

// StreamLeaderNow returns the index of the node that leads the stream
// now, or an error when none does. Unlike StreamLeader it neither waits
// nor fails the test, so it may be called from any goroutine.
func (c *Cluster) StreamLeaderNow() (int, error) { return c.streamLeader() }

func (c *Cluster) streamLeader() (int, error) {
	for i, n := range c.Nodes {
		if !n.Running() {
			continue
		}
		st, err := streamStatus(n)
		if err != nil || st.Cluster == nil {
			continue
		}
		if st.Cluster.Leader == n.Name {
			return i, nil
		}
	}
	return -1, errNoLeader
}

// WaitStreamCurrent waits until every node runs, a node leads the stream,
// and the leader sees every other replica online, current and without lag:
// the state in which losing any one node loses nothing and keeps a quorum.
// It returns the leader's view of the stream.
func (c *Cluster) WaitStreamCurrent() StreamStatus {
	c.tb.Helper()
	deadline := time.Now().Add(LeaderTimeout)
	for {
		st, err := c.streamCurrent()
		if err == nil {
			return st
		}
		if time.Now().After(deadline) {
			c.tb.Fatalf("clustertest: stream not current after %v: %v", LeaderTimeout, err)
		}
		time.Sleep(pollInterval)
	}
}

func (c *Cluster) streamCurrent() (StreamStatus, error) {
	for _, n := range c.Nodes {
		if !n.Running() {
			return StreamStatus{}, fmt.Errorf("%s is down", n.Name)
		}
	}
	i, err := c.streamLeader()
	if err != nil {
		return StreamStatus{}, err
	}
	st, err := streamStatus(c.Nodes[i])
	if err != nil {
		return StreamStatus{}, err
	}
	if st.Cluster == nil || len(st.Cluster.Replicas) != Size-1 {
		return StreamStatus{}, fmt.Errorf("leader %s does not list %d replicas", c.Nodes[i].Name, Size-1)
	}
	for _, r := range st.Cluster.Replicas {
		if !r.Current || r.Offline || r.Lag != 0 {
			return StreamStatus{}, fmt.Errorf("replica %s: current %v offline %v lag %d", r.Name, r.Current, r.Offline, r.Lag)
		}
	}
	return st, nil
}

// Status returns node i's view of the stream.
func (c *Cluster) Status(i int) (StreamStatus, error) {
	return streamStatus(c.Nodes[i])
}
