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
	// chartGroupW is a group's width when the chart has room for it;
	// with many groups they narrow to fit chartWidthMax.
	chartGroupW   = 64
	chartLabelMax = 11
	chartLegendW  = 110
	chartWidthMin = 300
	// chartWidthMax keeps every chart inside the page: a 1400 px screen
	// (the body is at most 1200 px) and A4 landscape in print (about
	// 1040 px between the margins).
	chartWidthMax = 960
	// chartCharW10 is a generous width of one character of a 10 px label,
	// in tenths of a pixel: labels are spaced by it so that they never
	// overlap, every step-th group labelled when the groups are narrow.
	chartCharW10 = 65
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
	// Groups narrow to keep the chart within chartWidthMax.
	groupW := chartGroupW
	if chartLeft+groups*groupW+16 > chartWidthMax {
		groupW = max((chartWidthMax-chartLeft-16)/groups, 2)
	}
	gap := max(groupW/8, 1)
	// Wide enough for the groups, the title and the legend, never wider
	// than the page.
	width := min(max(chartLeft+groups*groupW+16, chartLeft+series*chartLegendW, 7*len([]rune(c.Title))+16, chartWidthMin), chartWidthMax)
	barW := max((groupW-gap)/series, 1)
	labels := make([]string, groups)
	longest := 0
	for g := range groups {
		label := c.Labels[g]
		if len([]rune(label)) > chartLabelMax {
			label = string([]rune(label)[:chartLabelMax]) + "…"
		}
		labels[g] = label
		longest = max(longest, len([]rune(label)))
	}
	// Label every step-th group, so that no two labels overlap.
	labelW := (longest*chartCharW10+9)/10 + 6
	step := max((labelW+groupW-1)/groupW, 1)
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
		x0 := chartLeft + g*groupW + gap/2
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
				x0+i*barW, top, max(barW-1, 1), max(bottom-top, 1), chartColors[i],
				html.EscapeString(c.Labels[g]), html.EscapeString(s.Name), html.EscapeString(v.String()), html.EscapeString(c.Unit))
		}
		if g%step != 0 {
			continue
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="chart-label" text-anchor="middle">%s</text>`, x0+(groupW-gap)/2, chartHeight-chartBottom+14, html.EscapeString(labels[g]))
	}
	for i, s := range c.Series[:series] {
		x := chartLeft + i*chartLegendW
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d" class="chart-legend">%s</text>`,
			x, chartHeight-14, chartColors[i], x+14, chartHeight-5, html.EscapeString(s.Name))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String()) // #nosec: built above from escaped text and numbers
}
