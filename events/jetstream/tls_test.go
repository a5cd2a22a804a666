package jetstream

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// testPKI writes a CA, a server certificate for 127.0.0.1 and a client
// certificate, all signed by the CA, and returns their files.
type testPKI struct {
	dir                           string
	caFile, serverCert, serverKey string
	clientCert, clientKey         string
	ca                            *x509.Certificate
	caKey                         *ecdsa.PrivateKey
}

func newTestPKI(tb testing.TB) *testPKI {
	tb.Helper()
	p := &testPKI{dir: tb.TempDir()}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	caTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "wagerlog test CA"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		tb.Fatal(err)
	}
	p.ca, _ = x509.ParseCertificate(der)
	p.caKey = caKey
	p.caFile = p.write(tb, "ca.pem", "CERTIFICATE", der)
	p.serverCert, p.serverKey = p.issue(tb, "server", 2, x509.ExtKeyUsageServerAuth)
	p.clientCert, p.clientKey = p.issue(tb, "client", 3, x509.ExtKeyUsageClientAuth)
	return p
}

func (p *testPKI) write(tb testing.TB, name, typ string, der []byte) string {
	tb.Helper()
	f := filepath.Join(p.dir, name)
	if err := os.WriteFile(f, pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}), 0o600); err != nil {
		tb.Fatal(err)
	}
	return f
}

func (p *testPKI) issue(tb testing.TB, name string, serial int64, usage x509.ExtKeyUsage) (certFile, keyFile string) {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(serial),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{usage},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, &key.PublicKey, p.caKey)
	if err != nil {
		tb.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		tb.Fatal(err)
	}
	return p.write(tb, name+".pem", "CERTIFICATE", der), p.write(tb, name+"-key.pem", "EC PRIVATE KEY", kder)
}

func TestOpen_ExternalMutualTLS(t *testing.T) {
	p := newTestPKI(t)
	cert, err := tls.LoadX509KeyPair(p.serverCert, p.serverKey)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(p.ca)
	srv, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: server.RANDOM_PORT, NoSigs: true,
		JetStream: true, StoreDir: t.TempDir(), SyncAlways: true,
		TLS: true, TLSVerify: true,
		TLSConfig: &tls.Config{
			Certificates: []tls.Certificate{cert},
			ClientCAs:    pool,
			ClientAuth:   tls.RequireAndVerifyClientCert,
			MinVersion:   tls.VersionTLS12,
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start()
	t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
	if !srv.ReadyForConnections(10 * time.Second) {
		t.Fatal("external server not ready")
	}
	url := "tls://" + srv.Addr().String()
	if _, err := Open(testCtx(t), Options{URL: url, TLSCAFile: p.caFile}); err == nil {
		t.Fatal("connected without a client certificate")
	}
	s, err := Open(testCtx(t), Options{URL: url, TLSCAFile: p.caFile, TLSCertFile: p.clientCert, TLSKeyFile: p.clientKey})
	if err != nil {
		t.Fatalf("with the client certificate: %v", err)
	}
	defer s.Close()
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
}
