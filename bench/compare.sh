#!/usr/bin/env bash
# Side-by-side benchmark of two checkouts, alternating, on one machine in one sitting:
#
#   bench/compare.sh [-r rounds] <before-checkout> <after-checkout> [benchmark …]
#
# Each round runs `npm run --silent bench -- <benchmarks>` in the first checkout, then in the
# second (each checkout with its own node_modules), so a change in the machine's load lands on
# both sides alike. At the end it prints, for every figure, the median of each side over the
# rounds and the change. Runs go to bench/results/ of each checkout as usual; the list of the
# result files of this comparison is kept in the directory printed at the start.
# Defaults: 5 rounds; benchmarks matching api-orders hub-fanout engine-pipeline.
set -euo pipefail

rounds=5
if [[ "${1:-}" == "-r" ]]; then
  rounds=$2
  shift 2
fi
if [[ $# -lt 2 ]]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
before=$(cd "$1" && pwd)
after=$(cd "$2" && pwd)
shift 2
benches=("$@")
if [[ ${#benches[@]} -eq 0 ]]; then benches=(matching api-orders hub-fanout engine-pipeline); fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ox-compare-XXXXXX")
echo "comparing ${before} (before) with ${after} (after): ${benches[*]}, ${rounds} rounds; files in ${work}"

run_side() {
  local side=$1 dir=$2 round=$3 log
  log="${work}/${side}-${round}.log"
  echo "round ${round}/${rounds}: ${side} ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
  if ! (cd "$dir" && npm run --silent bench -- "${benches[@]}") >"$log" 2>&1; then
    echo "  the run failed or missed a target; see ${log}"
  fi
  # run.ts ends with "written to <file>".
  grep -o 'written to .*\.json' "$log" | sed 's/^written to //' >>"${work}/${side}.files" || true
}

for round in $(seq 1 "$rounds"); do
  run_side before "$before" "$round"
  run_side after "$after" "$round"
done

node - "${work}/before.files" "${work}/after.files" <<'JS'
const fs = require('node:fs');
const [beforeList, afterList] = process.argv.slice(2);
const read = (list) => (fs.existsSync(list) ? fs.readFileSync(list, 'utf8').split('\n').filter(Boolean) : []);
/** figure key -> values over the rounds */
function collect(files) {
  const out = new Map();
  for (const file of files) {
    for (const r of JSON.parse(fs.readFileSync(file, 'utf8')).results) {
      for (const f of r.figures) {
        const key = `${r.name} | ${f.label} (${f.unit})`;
        if (!out.has(key)) out.set(key, []);
        out.get(key).push(f.value);
      }
    }
  }
  return out;
}
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(2));
const before = collect(read(beforeList));
const after = collect(read(afterList));
const rows = [['figure', 'before (median)', 'after (median)', 'change', 'runs', 'after, each run']];
for (const [key, b] of before) {
  const a = after.get(key);
  if (!a) continue;
  const mb = median(b);
  const ma = median(a);
  const change = mb === 0 ? '' : `${ma >= mb ? '+' : ''}${(((ma - mb) / mb) * 100).toFixed(1)} %`;
  rows.push([key, fmt(mb), fmt(ma), change, `${b.length}/${a.length}`, a.map(fmt).join(', ')]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((c, j) => c.padEnd(widths[j])).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
JS
