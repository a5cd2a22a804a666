package sicbo

// Kinds returns the kinds of bet this paytable offers, in listing order: the
// keys a table's stake limits may use.
func (p *Paytable) Kinds() []string {
	var out []string
	seen := map[Kind]bool{}
	for _, b := range p.codes {
		if !seen[b.kind] {
			seen[b.kind] = true
			out = append(out, string(b.kind))
		}
	}
	return out
}
