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
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}
mkdir -p "$work/logs"
report=$work/fuzz-report.txt
status=0

# The first frame in Sources/ of a finding's stack, demangled: "Module/File.swift:line function".
where() {  # where TARGET INPUT
  local frame
  frame=$(GK_FUZZ_TARGET=$1 timeout 60 "$bin" -timeout="$timeout" -rss_limit_mb="$rss" "$2" 2>&1 \
    | grep -E '^ *#[0-9]+ .* in .*/Sources/' | head -n 1)
  [ -n "$frame" ] || { echo "(no GeoKernel frame; see the log)"; return; }
  local fn loc
  fn=$(sed -E 's/^ *#[0-9]+ 0x[0-9a-f]+ in ([^ ]+) .*/\1/' <<<"$frame" | swift demangle --simplified --compact 2>/dev/null)
  loc=$(grep -oE '/Sources/[^ ]+' <<<"$frame" | sed -E 's|^/Sources/||; s/:[0-9]+$//')
  echo "$loc ${fn:0:110}"
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
         -artifact_prefix="$artifacts/" -dict="$root/Fuzz/Dictionaries/$t.dict")
  [ -f "$root/Fuzz/Dictionaries/$t.dict" ] || unset 'flags[${#flags[@]}-1]'
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
  first=$( { new crash; new timeout; new oom; } | head -n 1)
  rm -f "$stamp"
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
done
echo "fuzz ($mode, ${seconds}s per target): table in $report, logs in $work/logs/, inputs of findings in $work/artifacts/<target>/"
exit $status
