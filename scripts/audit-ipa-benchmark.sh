#!/usr/bin/env bash
# `make bench-audit-ipa`: times `devicetrust audit` (release) on a generated .ipa of about
# 50 MB or more, the size issue 15 sets a 5-second target for.
#
# The archive (built under .build/audit-bench/Big.ipa by Python's zipfile, once) holds what
# a real app holds: a 24 MB arm64 executable with 300,000 C strings (selectors, URLs, a few
# keys), two app extensions and three frameworks, 32 MB of incompressible assets (stored),
# and 600 plist, JSON and strings resources.
#
# Usage: scripts/audit-ipa-benchmark.sh [RUNS]   (default 5; best and median printed)
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS="${1:-5}"
WORK=.build/audit-bench
IPA="$WORK/Big.ipa"
mkdir -p "$WORK"

echo "building devicetrust (release)..."
swift build -c release --product devicetrust >/dev/null
BIN="$(swift build -c release --show-bin-path)/devicetrust"

if [[ ! -f "$IPA" ]]; then
    echo "writing $IPA..."
    python3 - "$IPA" <<'PY'
import os, random, struct, sys, zipfile
sys.path.insert(0, "Fuzz")
from importlib import util
spec = util.spec_from_file_location("seeds", "Fuzz/make-seeds.py")
seeds = util.module_from_spec(spec); spec.loader.exec_module(seeds)
random.seed(15)
def strings(count):
    words = [b"viewDidLoad", b"tableView:cellForRowAtIndexPath:", b"application:didFinishLaunchingWithOptions:", b"NSString", b"UIViewController"]
    out = []
    for i in range(count):
        r = i % 1000
        if r == 0: out.append(b"http://tracking.example-analytics.com/v%d" % i)
        elif r == 1: out.append(b"AKIA" + bytes(random.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(16)))
        else: out.append(words[i % len(words)] + b"%d" % i)
    return out
plist = b'<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.big</string><key>CFBundleExecutable</key><string>Big</string></dict></plist>'
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("Payload/Big.app/Info.plist", plist)
    main = seeds.macho_image(strings=strings(300000), symbols=(b"_objc_msgSend", b"___stack_chk_fail", b"_objc_release"))
    z.writestr("Payload/Big.app/Big", main + os.urandom(24 * 1024 * 1024 - len(main)))
    for name in ("Widget", "Share"):
        z.writestr(f"Payload/Big.app/PlugIns/{name}.appex/Info.plist", plist.replace(b">Big<", b">" + name.encode() + b"<"))
        z.writestr(f"Payload/Big.app/PlugIns/{name}.appex/{name}", seeds.macho_image(strings=strings(20000)))
    for name in ("Core", "UI", "Net"):
        z.writestr(f"Payload/Big.app/Frameworks/{name}.framework/{name}", seeds.macho_image(filetype=6, strings=strings(20000)))
    for i in range(32):
        z.writestr(zipfile.ZipInfo(f"Payload/Big.app/Assets/asset{i}.png"), os.urandom(1024 * 1024), compress_type=zipfile.ZIP_STORED)
    for i in range(200):
        z.writestr(f"Payload/Big.app/Config/c{i}.json", b'{"endpoint": "https://api.example.com/%d", "timeout": 30}' % i)
        z.writestr(f"Payload/Big.app/Config/c{i}.plist", plist)
        z.writestr(f"Payload/Big.app/en.lproj/L{i}.strings", b'"key%d" = "value";' % i)
PY
fi
SIZE=$(stat -c %s "$IPA")
echo "archive: $IPA, $((SIZE / 1024 / 1024)) MB"

TIMES=()
for _ in $(seq 1 "$RUNS"); do
    start=$(date +%s.%N)
    "$BIN" audit "$IPA" --format json --fail-on never >"$WORK/Big.json"
    end=$(date +%s.%N)
    TIMES+=("$(python3 -c "print($end - $start)")")
done
python3 - "$SIZE" "$WORK/Big.json" "${TIMES[@]}" <<'PY'
import json, statistics, sys
size, report, times = int(sys.argv[1]), sys.argv[2], sorted(map(float, sys.argv[3:]))
findings = len(json.load(open(report))["findings"])
print(f"devicetrust audit Big.ipa ({size / 1e6:.1f} MB, {findings} findings): best {times[0]:.2f} s, median {statistics.median(times):.2f} s of {len(times)} (target < 5 s)")
PY
