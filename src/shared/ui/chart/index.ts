export { chartLayout, linePath, niceStep, niceTicks, visibleLabelIndexes, type ChartBox, type ChartDatum, type ChartLayout, type ChartPoint, type ChartTick } from './chart-data';
export { TrendChart, type TrendChartProps } from './trend-chart';
export { barWidths, type BarItem } from './bar-list';
export { BarListChart, type BarListChartProps } from './bar-list-chart';
