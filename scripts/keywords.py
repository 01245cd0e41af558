# Regenerates the keyword rule of vdl.pest from every word literal in the grammar.
import re, sys
p = sys.argv[1]
s = open(p).read()
start = s.index('keyword = @{')
end = s.index('}', s.index('~ !(ASCII_ALPHANUMERIC | "_")', start)) + 1
rest = s[:start] + s[end:]
words = sorted(set(re.findall(r'"([a-z][a-z]+)"', rest)), key=lambda w: (-len(w), w))
lines = []; line = ''
for i, w in enumerate(words):
    item = f'"{w}"'; sep = ' | ' if i > 0 else ''
    if len(line) + len(sep) + len(item) > 80:
        lines.append(line.rstrip()); line = '  | ' + item
    else:
        line += sep + item
lines.append(line)
s = s[:start] + 'keyword = @{\n    ( ' + '\n'.join(lines) + '\n    ) ~ !(ASCII_ALPHANUMERIC | "_")\n}' + s[end:]
open(p, 'w').write(s)
print(len(words), 'keywords')
