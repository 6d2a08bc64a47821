// The documentation against the code: the pages generated from the
// registries (docs/integrators.md, problems.md, claims.md) equal what
// `tibench list <what> --format md` prints now, and every relative link in
// README.md and docs/*.md leads to an existing file and, with a #fragment,
// to an existing heading of a Markdown page.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "claims/ledger.hpp"
#include "cli_support.hpp"
#include "integrators/methods/registry.hpp"
#include "problems/registry.hpp"
#include "test_names.hpp"
#include "test_paths.hpp"

namespace tibench {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = test::source_dir();

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// "line N: committed '...', printed '...'" around the first character that
// differs.
std::string first_difference(const std::string& committed, const std::string& printed) {
  const auto a = lines_of(committed), b = lines_of(printed);
  for (std::size_t k = 0; k < std::max(a.size(), b.size()); ++k) {
    const std::string x = k < a.size() ? a[k] : "(end of file)";
    const std::string y = k < b.size() ? b[k] : "(end of output)";
    if (x == y) continue;
    std::size_t col = 0;
    while (col < x.size() && col < y.size() && x[col] == y[col]) ++col;
    const std::size_t from = col > 40 ? col - 40 : 0;
    return "line " + std::to_string(k + 1) + ": committed '" + x.substr(from, 100) +
           "', printed '" + y.substr(from, 100) + "'";
  }
  return "a difference in line endings";
}

class GeneratedDocs : public ::testing::TestWithParam<std::string> {};

TEST_P(GeneratedDocs, CommittedPageEqualsTheBinarysOutput) {
  const std::string what = GetParam();
  const std::string page = "docs/" + what + ".md";
  const auto o = test::tibench("list " + what + " --format md");
  ASSERT_EQ(o.exit_code, 0) << o.err;
  ASSERT_TRUE(fs::exists(kSource / page)) << page << " is missing: run `make docs`";
  const std::string committed = test::read_file(kSource / page);
  EXPECT_TRUE(committed == o.out) << page << " differs from `tibench list " << what
                                  << " --format md` (" << first_difference(committed, o.out)
                                  << "): run `make docs` and commit " << page;
}

TEST(Docs, MarkdownListsEveryRegistryEntry) {
  const auto integrators = test::tibench("list integrators --format md");
  ASSERT_EQ(integrators.exit_code, 0) << integrators.err;
  for (const auto& i : integrator_registry())
    EXPECT_NE(integrators.out.find("| `" + i.id + "` |"), std::string::npos) << i.id;
  EXPECT_NE(integrators.out.find(std::to_string(integrator_registry().size()) + " methods"),
            std::string::npos);
  const auto problems = test::tibench("list problems --format md");
  for (const auto& p : problem_registry())
    EXPECT_NE(problems.out.find("## `" + p.id + "`"), std::string::npos) << p.id;
  const auto claims = test::tibench("list claims --format md");
  for (const auto& c : claim_registry())
    EXPECT_NE(claims.out.find("| `" + c.id + "` |"), std::string::npos) << c.id;
}

TEST(Docs, ListFormatIsValidated) {
  const auto bad = test::tibench("list claims --format pdf");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("pdf"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("text,json,md"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.err.find('\n'), bad.err.size() - 1) << "exactly one line: " << bad.err;
  EXPECT_EQ(test::tibench("list claims --format json").out,
            test::tibench("list claims --json").out);
  EXPECT_EQ(test::tibench("list claims --json --format md").exit_code, 2);
}

INSTANTIATE_TEST_SUITE_P(Pages, GeneratedDocs,
                         ::testing::Values("integrators", "problems", "claims"), test::id_name);

// GitHub's anchor of a heading: lower case, spaces to '-', every other
// character that is not a letter, digit, '-' or '_' dropped (bytes of
// non-ASCII letters kept).
std::string anchor_of(const std::string& heading) {
  std::string a;
  for (unsigned char c : heading) {
    if (std::isalnum(c) || c == '-' || c == '_' || c >= 0x80)
      a += static_cast<char>(std::tolower(c));
    else if (c == ' ')
      a += '-';
  }
  return a;
}

// The lines of a Markdown page outside fenced code blocks.
std::vector<std::string> prose_lines(const fs::path& page) {
  std::vector<std::string> out;
  bool fenced = false;
  for (const auto& line : lines_of(test::read_file(page))) {
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) out.push_back(line);
  }
  return out;
}

// The anchors of a page's headings; a repeated heading gets -1, -2, ...
std::set<std::string> anchors_of(const fs::path& page) {
  std::set<std::string> anchors;
  std::map<std::string, int> seen;
  for (const auto& line : prose_lines(page)) {
    const auto hashes = line.find_first_not_of('#');
    if (hashes == 0 || hashes == std::string::npos || line[hashes] != ' ') continue;
    const std::string a = anchor_of(line.substr(hashes + 1));
    const int n = seen[a]++;
    anchors.insert(n ? a + "-" + std::to_string(n) : a);
  }
  return anchors;
}

std::vector<fs::path> documentation_pages() {
  std::vector<fs::path> pages{kSource / "README.md"};
  for (const auto& e : fs::directory_iterator(kSource / "docs"))
    if (e.path().extension() == ".md") pages.push_back(e.path());
  std::sort(pages.begin(), pages.end());
  return pages;
}

TEST(Docs, RelativeLinksResolve) {
  const std::regex link(R"(\]\(([^)\s]+)\))");
  int checked = 0;
  for (const auto& page : documentation_pages()) {
    const std::string name = fs::relative(page, kSource).string();
    for (const auto& line : prose_lines(page)) {
      for (std::sregex_iterator m(line.begin(), line.end(), link), end; m != end; ++m) {
        const std::string target = (*m)[1];
        if (target.find("://") != std::string::npos || target.rfind("mailto:", 0) == 0) continue;
        const auto hash = target.find('#');
        const std::string file = target.substr(0, hash);
        const fs::path resolved = file.empty() ? page : page.parent_path() / file;
        ++checked;
        if (!fs::exists(resolved)) {
          ADD_FAILURE() << name << " links to '" << target << "': no such file";
          continue;
        }
        if (hash == std::string::npos || resolved.extension() != ".md") continue;
        const std::string fragment = target.substr(hash + 1);
        EXPECT_TRUE(anchors_of(resolved).count(fragment))
            << name << " links to '" << target << "': no heading with anchor '" << fragment
            << "' in " << fs::relative(resolved, kSource).string();
      }
    }
  }
  EXPECT_GT(checked, 10) << "the README and docs/ link to each other";
}

}  // namespace
}  // namespace tibench
