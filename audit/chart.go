package audit

import (
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/shopspring/decimal"
)

// Chart is a grouped bar chart drawn as inline SVG: one group per label,
// one bar per series. Geometry is computed with decimals, like the money
// it shows, and rounded to whole pixels.
type Chart struct {
	Title  string
	Unit   string
	Labels []string
	Series []Series
}

// Series is one named row of values, one per label.
type Series struct {
	Name   string
	Values []decimal.Decimal
}

// Chart limits and geometry.
const (
	// chartGroupsMax bounds the groups drawn (a year of days fits).
	chartGroupsMax = 400
	chartSeriesMax = 6
	chartHeight    = 220
	chartTop       = 28
	chartBottom    = 40
	chartLeft      = 64
	chartGroupW    = 64
	chartLabelMax  = 11
	chartLegendW   = 110
	chartWidthMin  = 300
)

// chartColors are the series' colours, chosen to stay apart for common
// colour-vision deficiencies.
var chartColors = [chartSeriesMax]string{"#1b6ca8", "#e07b00", "#3a9a5b", "#b03060", "#6a5acd", "#7f7f7f"}

// barChart draws c. Labels and names are escaped; nothing else comes from
// the data but numbers.
func barChart(c Chart) template.HTML {
	groups := min(len(c.Labels), chartGroupsMax)
	series := min(len(c.Series), chartSeriesMax)
	if groups == 0 || series == 0 {
		return ""
	}
	lo, hi := decimal.Zero, decimal.Zero
	for _, s := range c.Series[:series] {
		for _, v := range s.Values[:min(len(s.Values), groups)] {
			if v.GreaterThan(hi) {
				hi = v
			}
			if v.LessThan(lo) {
				lo = v
			}
		}
	}
	span := hi.Sub(lo)
	if span.IsZero() {
		span = decimal.NewFromInt(1)
	}
	plotH := decimal.NewFromInt(chartHeight - chartTop - chartBottom)
	y := func(v decimal.Decimal) int64 {
		return chartTop + hi.Sub(v).DivRound(span, 6).Mul(plotH).Round(0).IntPart()
	}
	// Wide enough for the groups, the title and the legend.
	width := max(chartLeft+groups*chartGroupW+16, chartLeft+series*chartLegendW, 7*len([]rune(c.Title))+16, chartWidthMin)
	barW := max((chartGroupW-8)/series, 2)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`,
		width, chartHeight, width, chartHeight, html.EscapeString(c.Title))
	fmt.Fprintf(&b, `<text x="4" y="16" class="chart-title">%s</text>`, html.EscapeString(c.Title))
	zero := y(decimal.Zero)
	for _, v := range []decimal.Decimal{hi, lo} {
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="chart-axis" text-anchor="end">%s%s</text>`, chartLeft-6, y(v)+4, html.EscapeString(v.Round(2).String()), html.EscapeString(c.Unit))
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#444"/>`, chartLeft, zero, width-8, zero)
	for g := range groups {
		x0 := chartLeft + g*chartGroupW + 4
		for i, s := range c.Series[:series] {
			if g >= len(s.Values) {
				continue
			}
			v := s.Values[g]
			top, bottom := y(v), zero
			if top > bottom {
				top, bottom = bottom, top
			}
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s %s: %s%s</title></rect>`,
				x0+i*barW, top, barW-1, max(bottom-top, 1), chartColors[i],
				html.EscapeString(c.Labels[g]), html.EscapeString(s.Name), html.EscapeString(v.String()), html.EscapeString(c.Unit))
		}
		label := c.Labels[g]
		if len([]rune(label)) > chartLabelMax {
			label = string([]rune(label)[:chartLabelMax]) + "…"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="chart-label" text-anchor="middle">%s</text>`, x0+(chartGroupW-8)/2, chartHeight-chartBottom+14, html.EscapeString(label))
	}
	for i, s := range c.Series[:series] {
		x := chartLeft + i*chartLegendW
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d" class="chart-legend">%s</text>`,
			x, chartHeight-14, chartColors[i], x+14, chartHeight-5, html.EscapeString(s.Name))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // #nosec: built above from escaped text and numbers
}
