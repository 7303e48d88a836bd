#!/usr/bin/env bash
# Recall and precision of `devicetrust audit` (and of mobsfscan) on labelled public code bases.
#
# The corpora are listed in eval/corpora-vulnerable.tsv and eval/corpora-engineered.tsv
# (name, repo, commit, subdir, split); their labels are eval/labels/<name>.tsv (path, line,
# rule, verdict, note). Only the labels are in this repository: the trees themselves are
# extracted from the public repositories into DIR/<name> as eval/README.md describes, and a
# corpus whose tree is missing is skipped with a note. Not part of CI; no network.
#
# A finding matches a label when the path and the rule are the same and the lines differ by
# at most 3; each label is matched at most once (the nearest unmatched label wins).
# mobsfscan's rule ids differ from ours, so its findings are matched on the place only.
#
# Usage: scripts/audit-evaluate.sh [--trees DIR] [--devicetrust BIN] [--mobsfscan BIN]
#                                  [--no-mobsfscan] [--missed]
#   --no-mobsfscan  skip mobsfscan (it takes minutes per corpus)
#   --missed        also list the true labels of supported rules that nothing matched
set -euo pipefail
cd "$(dirname "$0")/.."

TREES=/work/eval-trees
BIN=""
MOBSFSCAN=""
RUN_MOBSFSCAN=1
MISSED=0
MOBSFSCAN_VERSION="${MOBSFSCAN_VERSION:-1.1.0}"
while [[ $# -gt 0 ]]; do
    case "$1" in
        --trees) TREES="$2"; shift 2 ;;
        --devicetrust) BIN="$2"; shift 2 ;;
        --mobsfscan) MOBSFSCAN="$2"; shift 2 ;;
        --no-mobsfscan) RUN_MOBSFSCAN=0; shift ;;
        --missed) MISSED=1; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
    esac
done

WORK=.build/audit-eval
mkdir -p "$WORK"

if [[ -z "$BIN" ]]; then
    BIN=.build/release/devicetrust
    if [[ ! -x "$BIN" ]]; then
        echo "building devicetrust (release)..."
        swift build -c release --product devicetrust >/dev/null
        BIN="$(swift build -c release --show-bin-path)/devicetrust"
    fi
fi
[[ -x "$BIN" ]] || { echo "no devicetrust binary at $BIN" >&2; exit 2; }

if [[ "$RUN_MOBSFSCAN" == 1 && -z "$MOBSFSCAN" ]]; then
    MOBSFSCAN=.build/audit-bench/venv/bin/mobsfscan
    if [[ ! -x "$MOBSFSCAN" ]]; then
        # As scripts/audit-benchmark.sh does: a private virtualenv, pinned.
        echo "installing mobsfscan $MOBSFSCAN_VERSION into .build/audit-bench/venv..."
        python3 -m venv .build/audit-bench/venv
        .build/audit-bench/venv/bin/pip install --quiet "mobsfscan==$MOBSFSCAN_VERSION"
    fi
fi

# The corpora: every row of the two lists whose tree is present.
CORPORA=()
for list in eval/corpora-vulnerable.tsv eval/corpora-engineered.tsv; do
    if [[ ! -f "$list" ]]; then
        echo "note: $list is absent; skipped"
        continue
    fi
    kind=vulnerable
    [[ "$list" == *engineered* ]] && kind=engineered
    while IFS=$'\t' read -r name repo commit subdir split; do
        [[ -z "$name" || "$name" == name || "$name" == \#* ]] && continue
        if [[ ! -d "$TREES/$name" ]]; then
            echo "note: no tree at $TREES/$name ($repo); skipped"
            continue
        fi
        if [[ ! -f "eval/labels/$name.tsv" ]]; then
            echo "note: no labels at eval/labels/$name.tsv; $name skipped"
            continue
        fi
        CORPORA+=("$name	$kind	$split	$repo")
    done < "$list"
done
[[ ${#CORPORA[@]} -gt 0 ]] || { echo "no corpus to evaluate (trees under $TREES)"; exit 0; }

# Run the tools: devicetrust on every corpus, then mobsfscan once per corpus at the end.
for row in "${CORPORA[@]}"; do
    IFS=$'\t' read -r name _ _ _ <<< "$row"
    "$BIN" audit "$TREES/$name" --format json --fail-on never --include-vendored > "$WORK/$name.devicetrust.json"
done
if [[ "$RUN_MOBSFSCAN" == 1 ]]; then
    MOBSFSCAN="$(realpath "$MOBSFSCAN")"
    OUT="$(realpath "$WORK")"
    for row in "${CORPORA[@]}"; do
        IFS=$'\t' read -r name _ _ _ <<< "$row"
        echo "running mobsfscan on $name..." >&2
        rm -f "$OUT/$name.mobsfscan.json"
        # Run inside the tree so that its paths are relative to the corpus. semgrep (which
        # mobsfscan runs for Swift and Objective-C rules) must be on PATH: the venv's bin.
        (cd "$TREES/$name" && env PATH="$(dirname "$MOBSFSCAN"):$PATH" "$MOBSFSCAN" . --json \
            -o "$OUT/$name.mobsfscan.json" >/dev/null 2>"$OUT/$name.mobsfscan.err") || true
    done
fi

printf '%s\n' "${CORPORA[@]}" > "$WORK/corpora.tsv"
python3 - "$WORK" "$RUN_MOBSFSCAN" "$MISSED" <<'PY'
import json, os, sys

work, run_mobsf, show_missed = sys.argv[1], sys.argv[2] == "1", sys.argv[3] == "1"
with open(f"{work}/corpora.tsv", encoding="utf-8") as f:
    corpora = [line.rstrip("\n").split("\t") for line in f if line.strip()]
TOL = 3

def load_labels(name):
    labels = []
    with open(f"eval/labels/{name}.tsv", encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        assert header[:4] == ["path", "line", "rule", "verdict"], f"bad header in {name}.tsv"
        for n, line in enumerate(f, start=2):
            if not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            path, lno, rule, verdict = cols[0], int(cols[1]), cols[2], cols[3]
            assert verdict in ("true", "false"), f"{name}.tsv:{n}: verdict {verdict!r}"
            labels.append({"path": path, "line": lno, "rule": rule, "true": verdict == "true",
                           "supported": not rule.startswith("unsupported:"), "hit": False, "mhit": False})
    return labels

def norm(path, root):
    path = os.path.normpath(path)
    if os.path.isabs(path):
        path = os.path.relpath(path, root)
    return path[2:] if path.startswith("./") else path

def ours(name):
    with open(f"{work}/{name}.devicetrust.json", encoding="utf-8") as f:
        report = json.load(f)
    return sorted(((norm(x["file"], "."), int(x["line"]), x["ruleId"]) for x in report["findings"]))

def theirs(name):
    path = f"{work}/{name}.mobsfscan.json"
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    out = []
    for rule, result in (report.get("results") or {}).items():
        for hit in result.get("files") or []:
            lines = hit.get("match_lines") or [0, 0]
            out.append((norm(hit["file_path"], "."), int(lines[0]), int(lines[-1]), rule))
    return sorted(out)

def match_ours(labels, findings):
    """Each finding takes the nearest unmatched label of the same path and rule."""
    tp = fp = unl = 0
    unlabelled = []
    for path, line, rule in findings:
        best = None
        for lab in labels:
            if lab["hit"] or lab["path"] != path or lab["rule"] != rule or abs(lab["line"] - line) > TOL:
                continue
            if best is None or abs(lab["line"] - line) < abs(best["line"] - line):
                best = lab
        if best is None:
            unl += 1
            unlabelled.append(f"{path}:{line} {rule}")
        else:
            best["hit"] = True
            if best["true"]:
                tp += 1
            else:
                fp += 1
    return tp, fp, unl, unlabelled

def match_theirs(labels, findings):
    """Place only: a finding is true when a true label lies in its lines (+-3)."""
    tp = 0
    for path, first, last, _ in findings:
        whole_file = path.endswith(".plist") and first == last == 1  # its plist checks name no line
        near = [l for l in labels if l["true"] and l["path"] == path
                and (whole_file or first - TOL <= l["line"] <= last + TOL)]
        if near:
            tp += 1
            for l in near:
                l["mhit"] = True
    return tp

def pct(a, b):
    return f"{100 * a / b:5.1f}%" if b else "    -"

rows = []
for name, kind, split, repo in corpora:
    labels = load_labels(name)
    mine = ours(name)
    tp, fp, unl, unlabelled = match_ours(labels, mine)
    true_labels = [l for l in labels if l["true"]]
    sup = [l for l in true_labels if l["supported"]]
    row = {"name": name, "group": f"{kind}/{split}" if kind == "engineered" else f"vulnerable/{split}",
           "true": len(true_labels), "sup": len(sup), "found": sum(l["hit"] for l in sup),
           "found_all": sum(l["hit"] for l in true_labels), "findings": len(mine), "tp": tp, "fp": fp,
           "unl": unl, "unlabelled": unlabelled,
           "missed": [f"{l['path']}:{l['line']} {l['rule']}" for l in sup if not l["hit"]]}
    if run_mobsf:
        t = theirs(name)
        if t is None:
            row["m"] = None
        else:
            row["m"] = {"findings": len(t), "tp": match_theirs(labels, t),
                        "found": sum(l["mhit"] for l in sup), "found_all": sum(l["mhit"] for l in true_labels)}
    rows.append(row)

def table(title, rows, mobsf):
    print(f"\n== {title}")
    print("devicetrust audit (match: same path, same rule, |line difference| <= 3, one label at most once)")
    head = f"{'corpus':<20} {'true':>5} {'supp':>5} {'found':>5} {'recall':>7} {'recall(all)':>11} {'finds':>6} {'true':>5} {'false':>5} {'unlab':>5} {'precision':>9}"
    print(head)
    tot = {k: 0 for k in ("true", "sup", "found", "found_all", "findings", "tp", "fp", "unl")}
    for r in rows:
        for k in tot:
            tot[k] += r[k]
        print(f"{r['name']:<20} {r['true']:>5} {r['sup']:>5} {r['found']:>5} {pct(r['found'], r['sup']):>7} "
              f"{pct(r['found_all'], r['true']):>11} {r['findings']:>6} {r['tp']:>5} {r['fp']:>5} {r['unl']:>5} "
              f"{pct(r['tp'], r['tp'] + r['fp'] + r['unl']):>9}")
    t = tot
    print(f"{'TOTAL':<20} {t['true']:>5} {t['sup']:>5} {t['found']:>5} {pct(t['found'], t['sup']):>7} "
          f"{pct(t['found_all'], t['true']):>11} {t['findings']:>6} {t['tp']:>5} {t['fp']:>5} {t['unl']:>5} "
          f"{pct(t['tp'], t['tp'] + t['fp'] + t['unl']):>9}")
    if not mobsf:
        return
    print("mobsfscan (its rule ids differ from ours: match on the place only, same path and a true label within its lines +-3;"
          " a .plist finding at line 1, its whole-file checks, covers every true label of that file)")
    print(f"{'corpus':<20} {'supp':>5} {'found':>5} {'recall':>7} {'true':>5} {'found':>5} {'recall(all)':>11} {'finds':>6} {'at true':>7} {'precision':>9}")
    mt = {k: 0 for k in ("sup", "found", "true", "found_all", "findings", "tp")}
    for r in rows:
        m = r.get("m")
        if m is None:
            print(f"{r['name']:<20} (no mobsfscan report)")
            continue
        vals = {"sup": r["sup"], "found": m["found"], "true": r["true"], "found_all": m["found_all"],
                "findings": m["findings"], "tp": m["tp"]}
        for k in mt:
            mt[k] += vals[k]
        print(f"{r['name']:<20} {r['sup']:>5} {m['found']:>5} {pct(m['found'], r['sup']):>7} {r['true']:>5} {m['found_all']:>5} "
              f"{pct(m['found_all'], r['true']):>11} {m['findings']:>6} {m['tp']:>7} {pct(m['tp'], m['findings']):>9}")
    print(f"{'TOTAL':<20} {mt['sup']:>5} {mt['found']:>5} {pct(mt['found'], mt['sup']):>7} {mt['true']:>5} {mt['found_all']:>5} "
          f"{pct(mt['found_all'], mt['true']):>11} {mt['findings']:>6} {mt['tp']:>7} {pct(mt['tp'], mt['findings']):>9}")

print("columns: true = true labels; supp = true labels of rules the auditor has; found = those matched; "
      "recall = found/supp; recall(all) = matched true labels / all true labels (unsupported: ones included); "
      "finds = findings; true/false = findings matching a true/false label; unlab = findings matching no label; "
      "precision = true / finds")
titles = {"vulnerable/tuning": "deliberately vulnerable, tuning",
          "vulnerable/heldout": "deliberately vulnerable, HELD OUT (never tune on these)",
          "engineered/tuning": "well-engineered apps, tuning",
          "engineered/heldout": "well-engineered apps, HELD OUT (never tune on these)"}
for group, title in titles.items():
    members = [r for r in rows if r["group"] == group]
    if members:
        table(title, members, run_mobsf)
other = [r for r in rows if r["group"] not in titles]
if other:
    table("other splits", other, run_mobsf)

unl = [(r["name"], u) for r in rows for u in r["unlabelled"]]
print(f"\n== unlabelled devicetrust findings ({len(unl)}): label them in eval/labels/<corpus>.tsv")
for name, u in unl:
    print(f"{name}: {u}")
if show_missed:
    miss = [(r["name"], m) for r in rows for m in r["missed"]]
    print(f"\n== true labels of supported rules that devicetrust missed ({len(miss)})")
    for name, m in miss:
        print(f"{name}: {m}")
PY
