#!/usr/bin/env bash
# Runs the fuzz targets and prints a table: scripts/fuzz.sh GK_FUZZ SECONDS MODE [TARGET...]
#
#   GK_FUZZ   the gk-fuzz binary built with --sanitize=fuzzer --sanitize=address
#   SECONDS   time per target (-max_total_time)
#   MODE      smoke: stop a target at its first finding (make fuzz-smoke, make test);
#             fuzz:  keep going after findings until the time is up, one child process at a
#                    time (-fork=1 -ignore_crashes=1 ...) (make fuzz)
#   TARGET    default: every target (GK_FUZZ_TARGET=list)
#
# Each target fuzzes .build-fuzz/corpus/<target>/ (new inputs are added there) and first
# replays Tests/FuzzRegressions/<target>/. A crash (trap or sanitizer report), a hang
# over FUZZ_TIMEOUT seconds (default 1) and using more than FUZZ_RSS_MB MiB (default 2048)
# are findings; their inputs go to .build-fuzz/artifacts/<target>/. For each new finding
# the input is replayed once to name the first GeoKernel function on the stack.
# Exit status 1 when any target has a finding. The table is also written to
# .build-fuzz/fuzz-report.txt; the libFuzzer logs to .build-fuzz/logs/<target>.log.
set -uo pipefail
bin=$1
seconds=$2
mode=$3
shift 3
root=$(cd "$(dirname "$0")/.." && pwd)
work=${FUZZ_WORK:-$root/.build-fuzz}
timeout=${FUZZ_TIMEOUT:-1}
rss=${FUZZ_RSS_MB:-2048}
targets=${*:-$(GK_FUZZ_TARGET=list "$bin")}
export SWIFT_BACKTRACE=enable=no  # Swift's crash handler would add a bogus ASan report
# Leak detection off: these targets look for traps, memory errors, hangs and memory blow-ups.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
mkdir -p "$work/logs"

# A build whose library modules lost the fuzzer instrumentation has a few hundred coverage
# counters (the harness only) instead of tens of thousands: refuse to fuzz blind.
counters=$(GK_FUZZ_TARGET=polyline "$bin" -runs=1 2>&1 </dev/null | sed -nE 's/.*Loaded 1 modules +\(([0-9]+) inline.*/\1/p' | head -n 1)
if [ "${counters:-0}" -lt 20000 ]; then
  echo "fuzz: $bin has ${counters:-no} coverage counters: the library is not instrumented (rebuild with make fuzz-build)" >&2
  exit 2
fi
report=$work/fuzz-report.txt
status=0

# Where a finding happened: the innermost function on its stack and, when that is not
# GeoKernel code, the innermost frame in Sources/ ("top: fn; in GeoKernel: File.swift:line fn").
demangle() { swift demangle --simplified --compact 2>/dev/null | cut -c1-100; }
frame_fn() { sed -E 's/^ *#[0-9]+ 0x[0-9a-f]+ in ([^ ]+).*/\1/' | demangle; }
where() {  # where TARGET INPUT
  local out top own msg
  out=$(GK_FUZZ_TARGET=$1 timeout 60 "$bin" -timeout="$timeout" -rss_limit_mb="$rss" "$2" 2>&1)
  msg=$(grep -m1 -oE 'Swift runtime failure: [a-zA-Z ]+|Fatal error: [^(]*' <<<"$out" \
    || grep -m1 -oE 'ERROR: AddressSanitizer: [a-z-]+|ERROR: libFuzzer: [a-z -]+' <<<"$out")
  msg=${msg:0:80}
  top=$(grep -E '^ *#[0-9]+ 0x[0-9a-f]+ in ' <<<"$out" \
    | grep -vE ' in (__sanitizer|fuzzer::|__asan|__interceptor|Swift runtime failure|\$ss17_assertionFailure|\$ss18_fatalErrorMessage|LLVMFuzzer)' \
    | head -n 1)
  own=$(grep -E '^ *#[0-9]+ 0x[0-9a-f]+ in .*/Sources/' <<<"$out" | head -n 1)
  local text="${msg:+[$msg] }top: $(frame_fn <<<"$top")"
  if [ -n "$own" ] && [ "$own" != "$top" ]; then
    text+="; in GeoKernel: $(grep -oE '/Sources/[^ ]+' <<<"$own" | sed -E 's|^/Sources/||; s/:[0-9]+$//') $(frame_fn <<<"$own")"
  elif [ -n "$own" ]; then
    text+=" ($(grep -oE '/Sources/[^ ]+' <<<"$own" | sed -E 's|^/Sources/||; s/:[0-9]+$//'))"
  fi
  echo "$text"
}

row() { printf "$@" | tee -a "$report"; }
: >"$report"
row '%-16s %12s %9s %7s %6s %5s  %s\n' target executions exec/s crashes hangs ooms "first finding (input, function)"
for t in $targets; do
  corpus=$work/corpus/$t
  artifacts=$work/artifacts/$t
  log=$work/logs/$t.log
  mkdir -p "$corpus" "$artifacts"
  dirs=("$corpus")
  [ -d "$root/Tests/FuzzRegressions/$t" ] && dirs+=("$root/Tests/FuzzRegressions/$t")
  flags=(-max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb="$rss" -print_final_stats=1
         -artifact_prefix="$artifacts/")
  case $t in  # token dictionaries (Fuzz/Dictionaries/)
    gpx|osm-xml) flags+=(-dict="$root/Fuzz/Dictionaries/xml.dict") ;;
    geojson|minijson|routing-profile|tracking-policy|mode-thresholds) flags+=(-dict="$root/Fuzz/Dictionaries/json.dict") ;;
    csv-track|gazetteer-csv|geonames) flags+=(-dict="$root/Fuzz/Dictionaries/csv.dict") ;;
    track-bytes) flags+=(-dict="$root/Fuzz/Dictionaries/xml.dict") ;;
  esac
  [ "$mode" = fuzz ] && flags+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  stamp=$(mktemp)
  start=$(date +%s%N)
  GK_FUZZ_TARGET=$t timeout $((seconds * 3 + 120)) "$bin" "${flags[@]}" "${dirs[@]}" >"$log" 2>&1 </dev/null
  rc=$?
  elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  # Executions: final stats (single process) or the last "#N:" status line (fork mode).
  execs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{s += $2} END {print s + 0}')
  [ "$execs" = 0 ] && execs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
  execs=${execs:-0}
  new() { find "$artifacts" -maxdepth 1 -type f -name "$1-*" -newer "$stamp" | sort; }
  crashes=$(new crash | wc -l); hangs=$(new timeout | wc -l); ooms=$(new oom | wc -l)
  found=$( { new crash; new timeout; new oom; } )
  rm -f "$stamp"
  first=$(head -n 1 <<<"$found")
  finding=""
  if [ -n "$first" ]; then
    finding="$(basename "$first") $(where "$t" "$first")"
    status=1
  elif [ "$rc" -ne 0 ]; then
    finding="libFuzzer exited with $rc without an artifact; see $log"
    status=1
  fi
  row '%-16s %12s %9s %7s %6s %5s  %s\n' "$t" "$execs" "$(( execs * 1000 / (elapsed_ms + 1) ))" \
    "$crashes" "$hangs" "$ooms" "$finding"
  # Several findings (fuzz mode): replay up to FUZZ_TRIAGE of them and list the distinct places.
  if [ "$(grep -c . <<<"$found")" -gt 1 ]; then
    for f in $(head -n "${FUZZ_TRIAGE:-20}" <<<"$found"); do
      echo "$(basename "$f" | cut -d- -f1) $(where "$t" "$f")"
    done | sort | uniq -c | sort -rn | while read -r n what; do
      row '%-16s %s\n' "" "$n× $what"
    done
  fi
done
echo "fuzz ($mode, ${seconds}s per target): table in $report, logs in $work/logs/, inputs of findings in $work/artifacts/<target>/"
exit $status
