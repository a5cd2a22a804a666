// Package jetstream stores wagerlog's event log on a NATS JetStream stream.
// It is the only package of the project that imports nats.go and
// nats-server: everything else sees events.Raw values, sequences and the
// errors documented here.
//
// # Server
//
// Open either starts an embedded nats-server in the process (Options.URL
// empty) or connects to an external server or cluster by URL, with a
// user/password, an nkey seed file or a creds file, and TLS (CA, client
// certificate and key).
//
// The embedded server keeps its JetStream store in DataDir/jetstream and
// fsyncs every write before acknowledging it (SyncAlways). The server's
// default is an fsync every two minutes, and Jepsen's analysis of NATS
// 2.12.1 showed acknowledged writes lost to machine crashes under that
// default; a ledger that answers "accepted" must not. Options.FsyncInterval
// is the explicit opt-out. The embedded server is started with NoSigs (it
// would otherwise catch SIGINT/SIGTERM and os.Exit behind the host program),
// with a logger adapter to slog (without a logger it drops everything,
// including the fatal "Can't start JetStream"), and Open checks that
// JetStream is actually enabled: a server that started without it is an
// error (ErrNoJetStream), not a silent degradation. Without a ListenAddr it
// opens no port at all; the process talks to it in memory. With one it
// admits no anonymous client (Open refuses a ListenAddr without users):
// the ledger's own in-process connection by an nkey that never leaves the
// process, a read-only operator (OperatorNKey) and, only when configured,
// an admin (AdminNKey); auth.go lists the operator's rights.
//
// Against an external cluster, the operator must set
// `jetstream { sync_interval: always }` on every node for the same
// promise, and give the ledger's user publish rights on its subjects and
// the JetStream API calls it uses, and nothing more (deny-delete and
// deny-purge do not stop whoever can update or delete the stream).
// docs/cluster/accounts.conf is that configuration, tested by the cluster
// suite (build tag cluster); Options.InboxPrefix gives each user its own
// reply subjects, and a user that may not create streams opens an existing
// one with STREAM.INFO alone.
//
// # The stream
//
// Open creates the stream when it is absent (unless ReadOnly) with every
// setting explicit, and checks an existing one. A stream whose settings
// contradict these is reported as a *SettingsError listing every problem;
// Open never changes it.
//
//   - File storage: the log must survive restarts.
//   - Subjects <prefix>.> (events.TableSubject and friends), a bounded set:
//     JetStream keeps state per subject in memory.
//   - Deny delete and deny purge: no event can be removed through the API.
//     Both are irreversible once set.
//   - No rollup: a rollup message purges the messages before it.
//   - Limits retention with discard-new: a stream at its limits (MaxBytes,
//     or the server's store) refuses writes with events.ErrStreamFull; it
//     never evicts history. Interest or work-queue retention would delete
//     consumed events, and discard-old would drop the oldest ones.
//   - No maximum age, no per-subject message limit: events never expire.
//   - No message TTLs, no subject delete markers, no schedules: the last
//     two force rollups on and purge protection off.
//   - Atomic publish allowed: Append stores a batch all-or-nothing. The
//     server caps a batch at 1,000 messages (BatchEventsMax).
//   - A duplicate window (default two minutes): a message id seen within it
//     is not stored twice. It must outlast any retry of a batch.
//   - Direct get allowed: Get reads one message without a consumer.
//   - Replicas 1 (embedded) or 3 (cluster).
//   - Default persist mode: async persistence acknowledges before writing.
//
// # Faults
//
// Check asks the server whether the stream is still the one Open checked:
// it exists, its settings were not changed, and it holds every message it
// counts (a damaged or cut last block leaves the server counting a message
// it dropped at start-up). It answers an *events.StreamFault naming the
// kind and the sequence. Whether each message was written by the ledger is
// decided by whoever decodes it (the ledger, verify).
//
// # Append, fencing and the lost acknowledgement
//
// Append sends a batch as one JetStream atomic batch (a single event as a
// plain publish, atomic by nature and 7 to 10 times faster). The first message
// carries Nats-Expected-Last-Sequence: the server refuses the whole batch
// unless the stream ends where the writer believes it does. That fences a
// second writer: a stale one gets a *ConflictError (errors.Is
// events.ErrConflict) and must catch up before appending again. Every event
// carries Nats-Msg-Id (events.Raw.MsgID), the server's deduplication key.
//
// An acknowledgement can be lost: the connection drops, the request times
// out, a cluster elects a new stream leader. The batch may or may not be
// stored. Append then sends the same batch again, with the same message
// ids and the same expected sequence, a bounded number of times
// (AppendAttemptsMax, AppendAttemptTimeout). If the first attempt was
// stored, the server refuses the retry, and how depends on the server:
// an atomic batch gets "duplicate message id" (10201) while its ids are in
// the duplicate window and "wrong last sequence" (10071) after it; a single
// event gets 10071 from a single server, which checks the sequence before
// the duplicate, and a duplicate acknowledgement from a cluster, which
// checks the duplicate first; a cluster with a write in flight answers
// 10164. None of these may be taken for a conflict at face value. Atomic
// batches are stored contiguously, so Append reads the messages at
// expected+1 .. expected+len from the stream leader and compares their
// message ids with the batch's: if they are the batch's, in order, the
// append succeeded and Append returns the original sequences; otherwise
// another writer got there first and it is a conflict. The same check
// answers a caller that itself retries after losing an acknowledgement.
// When no attempt gets an answer at all, Append returns ErrOutcomeUnknown:
// retrying the same batch later gives the right answer.
//
// # Reading
//
// Read and ReadTable replay a range with one ordered consumer (ephemeral,
// no acknowledgements, memory-stored on the server) pulling ReadPullMax
// messages at a time; ReadTable filters on one table's subject. Get reads
// one message by sequence with a direct get, for replaying a round from a
// projection's index. Follow keeps one ordered consumer open for as long as
// its context lives and hands events over in batches of at most
// FollowBatchMax, as soon as nothing more is pending on the server. The
// Raw values delivered are the caller's to keep.
package jetstream
