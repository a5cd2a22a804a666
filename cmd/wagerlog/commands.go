package main

import "github.com/spf13/cobra"

// commands lists the subcommands beyond version. Each lives in its own file
// as a method of Main returning a *cobra.Command.
func (m *Main) commands() []func() *cobra.Command {
	return []func() *cobra.Command{
		m.serveCmd,
		m.paytableCmd,
		m.settleCmd,
		m.tokenCmd,
		m.rebuildCmd,
		m.replayCmd,
		m.streamCmd,
		m.benchCmd,
		m.verifyCmd,
		m.exportCmd,
		m.reportCmd,
		m.keygenCmd,
		m.natsCmd,
		m.loadgenCmd,
	}
}
