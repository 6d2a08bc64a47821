// read_msh_tetrahedra: the $MeshFormat, $Nodes and $Elements sections of
// gmsh's MSH 4 format (gmsh reference manual, "MSH file format"). The 4.0
// and 4.1 layouts differ only in the section headers (4.1 adds min/max
// tags), the order of entity tag and dimension in block headers, and where
// the node tags sit (4.1: all tags of a block, then all coordinates).
#include "meshes/msh_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>

#include "meshes/msh_cursor.hpp"

namespace tibench {
namespace {

constexpr int k_tet4 = 4;

struct Node {
  std::uint64_t tag;
  double x, y, z;
};

struct Format {
  bool v41 = true;  // false: 4.0
  bool binary = false;
};

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// "$MeshFormat / version file-type data-size / [binary one] / $EndMeshFormat".
Format read_format(MshCursor& cur) {
  if (cur.at_end() || cur.line() != "$MeshFormat") {
    cur.fail_file("not a gmsh .msh file (it does not start with $MeshFormat)");
  }
  const std::string_view text = cur.line();
  const std::vector<std::string_view> w = words(text);
  if (w.size() != 3) cur.fail("malformed format line '" + std::string(text) + "'");
  Format f;
  if (w[0] == "4.1") {
    f.v41 = true;
  } else if (w[0] == "4" || w[0] == "4.0") {
    f.v41 = false;
  } else {
    cur.fail_file("format version " + std::string(w[0]) + " is not supported");
  }
  if (w[1] != "0" && w[1] != "1") cur.fail("unknown file type '" + std::string(w[1]) + "'");
  f.binary = w[1] == "1";
  if (f.binary) {
    if (!f.v41) cur.fail_file("binary format 4.0 is not supported");
    if (w[2] != "8") cur.fail("binary data size " + std::string(w[2]) + " is not supported");
    const std::uint32_t one = cur.raw_uint32();
    if (one != 1 && one != 0x01000000u) cur.fail("bad endianness marker in binary header");
    cur.set_binary(one != 1);
  }
  cur.expect_end("MeshFormat");
  return f;
}

// A block of nodes: 4.1 lists the block's tags first, 4.0 one tag per node.
void read_node_block(MshCursor& cur, const Format& f, std::vector<Node>& nodes) {
  int dim = 0, parametric = 0;
  if (f.v41) {
    dim = cur.integer();
    cur.integer();  // entity tag
  } else {
    cur.integer();  // entity tag
    dim = cur.integer();
  }
  parametric = cur.integer();
  const std::uint64_t n = cur.count();
  if (dim < 0 || dim > 3 || parametric < 0 || parametric > 1) {
    cur.fail("bad node block header (dimension " + std::to_string(dim) + ", parametric " +
             std::to_string(parametric) + ")");
  }
  cur.check_room(n, f.binary ? 32 : 8, "nodes");
  const int extra = parametric ? dim : 0;  // parametric coordinates, skipped
  const std::size_t first = nodes.size();
  if (f.v41) {
    for (std::uint64_t i = 0; i < n; ++i) nodes.push_back({cur.count(), 0, 0, 0});
  }
  for (std::uint64_t i = 0; i < n; ++i) {
    if (!f.v41) nodes.push_back({cur.count(), 0, 0, 0});
    Node& node = nodes[first + i];
    node.x = cur.real();
    node.y = cur.real();
    node.z = cur.real();
    for (int k = 0; k < extra; ++k) cur.real();
  }
}

void read_nodes(MshCursor& cur, const Format& f, std::vector<Node>& nodes) {
  const std::uint64_t blocks = cur.count();
  const std::uint64_t total = cur.count();
  if (f.v41) {
    cur.count();  // min tag
    cur.count();  // max tag
  }
  cur.check_room(total, f.binary ? 32 : 8, "nodes");
  nodes.reserve(total);
  for (std::uint64_t b = 0; b < blocks; ++b) read_node_block(cur, f, nodes);
  if (nodes.size() != total) {
    cur.fail("$Nodes announces " + std::to_string(total) + " nodes but holds " +
             std::to_string(nodes.size()));
  }
  cur.expect_end("Nodes");
}

// One block of elements; keeps the node tags of linear tetrahedra.
std::uint64_t read_element_block(MshCursor& cur, const Format& f,
                                 std::vector<std::array<std::uint64_t, 4>>& tets) {
  if (f.v41) {
    cur.integer();  // entity dimension
    cur.integer();  // entity tag
  } else {
    cur.integer();  // entity tag
    cur.integer();  // entity dimension
  }
  const int type = cur.integer();
  const std::uint64_t n = cur.count();
  const int nodes = msh_element_node_count(type);
  if (nodes == 0 && f.binary) cur.fail("element type " + std::to_string(type) + " is unknown");
  if (nodes == 0) {
    cur.skip_lines(n);  // ASCII: one element per line, as gmsh writes them
    return n;
  }
  cur.check_room(n, f.binary ? 8 * std::size_t(nodes + 1) : 2 * std::size_t(nodes + 1), "elements");
  if (type == k_tet4) tets.reserve(tets.size() + n);
  for (std::uint64_t i = 0; i < n; ++i) {
    cur.count();  // element tag
    if (type != k_tet4) {
      for (int k = 0; k < nodes; ++k) cur.count();
      continue;
    }
    std::array<std::uint64_t, 4> t{};
    for (auto& v : t) v = cur.count();
    tets.push_back(t);
  }
  return n;
}

void read_elements(MshCursor& cur, const Format& f,
                   std::vector<std::array<std::uint64_t, 4>>& tets) {
  const std::uint64_t blocks = cur.count();
  const std::uint64_t total = cur.count();
  if (f.v41) {
    cur.count();  // min tag
    cur.count();  // max tag
  }
  std::uint64_t seen = 0;
  for (std::uint64_t b = 0; b < blocks; ++b) seen += read_element_block(cur, f, tets);
  if (seen != total) {
    cur.fail("$Elements announces " + std::to_string(total) + " elements but holds " +
             std::to_string(seen));
  }
  cur.expect_end("Elements");
}

// Orders the nodes by tag and turns the tetrahedra's node tags into indices.
MshTetrahedra index_by_tag(MshCursor& cur, std::vector<Node>& nodes,
                           const std::vector<std::array<std::uint64_t, 4>>& tet_tags) {
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const Node& a, const Node& b) { return a.tag < b.tag; });
  for (std::size_t i = 1; i < nodes.size(); ++i) {
    if (nodes[i].tag == nodes[i - 1].tag) {
      cur.fail("node tag " + std::to_string(nodes[i].tag) + " appears twice");
    }
  }
  if (nodes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
    cur.fail("too many nodes");
  }
  MshTetrahedra out;
  out.vertices.resize(3, static_cast<long>(nodes.size()));
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    out.vertices.col(static_cast<long>(i)) << nodes[i].x, nodes[i].y, nodes[i].z;
  }
  out.tets.reserve(tet_tags.size());
  for (const auto& t : tet_tags) {
    std::array<int, 4> idx{};
    for (int k = 0; k < 4; ++k) {
      const auto it =
          std::lower_bound(nodes.begin(), nodes.end(), t[k],
                           [](const Node& node, std::uint64_t tag) { return node.tag < tag; });
      if (it == nodes.end() || it->tag != t[k]) {
        cur.fail("a tetrahedron uses node " + std::to_string(t[k]) + ", which $Nodes lacks");
      }
      idx[k] = static_cast<int>(it - nodes.begin());
    }
    out.tets.push_back(idx);
  }
  return out;
}

}  // namespace

int msh_element_node_count(int type) {
  // Indexed by gmsh element type (GmshDefines.h, MSH_*): the node count in
  // each type's name; 0 for polygons/polyhedra and types not listed there.
  static constexpr int counts[] = {
      0,   2,   3,   4,   4,   8,   6,   5,   3,    6,  9,  10, 27, 18,  14,  1,   8,   20,
      15,  13,  9,   10,  12,  15,  15,  21,  4,    5,  6,  20, 35, 56,  22,  28,  0,   0,
      16,  25,  36,  12,  16,  20,  28,  36,  45,   55, 66, 49, 64, 81,  100, 121, 18,  21,
      24,  27,  30,  24,  28,  32,  36,  40,  7,    8,  9,  10, 11, 0,   0,   0,   0,   84,
      120, 165, 220, 286, 0,   0,   0,   34,  40,   46, 52, 58, 0,  0,   0,   0,   0,   0,
      40,  75,  64,  125, 216, 343, 512, 729, 1000, 32, 44, 56, 68, 80,  92,  104, 126, 196,
      288, 405, 550, 24,  33,  42,  51,  60,  69,   78, 30, 55, 91, 140, 204, 285, 385, 21,
      29,  37,  45,  53,  61,  69,  0,   0,   0,    0,  0,  16, 0,  0,   4};
  constexpr int size = static_cast<int>(sizeof counts / sizeof counts[0]);
  return type >= 0 && type < size ? counts[type] : 0;
}

MshTetrahedra read_msh_tetrahedra(std::string_view bytes, const std::string& path) {
  MshCursor cur(bytes, path);
  const Format format = read_format(cur);
  std::vector<Node> nodes;
  std::vector<std::array<std::uint64_t, 4>> tet_tags;
  bool have_nodes = false, have_elements = false;
  while (!cur.at_end()) {
    const std::string_view header = cur.line();
    if (header.size() < 2 || header[0] != '$') {
      cur.fail("expected a section header, found '" + std::string(header.substr(0, 40)) + "'");
    }
    const std::string_view name = header.substr(1);
    if (name == "Nodes" || name == "Elements") {
      bool& seen = name == "Nodes" ? have_nodes : have_elements;
      if (seen) cur.fail("a second $" + std::string(name) + " section");
      seen = true;
      if (name == "Nodes") {
        read_nodes(cur, format, nodes);
      } else {
        read_elements(cur, format, tet_tags);
      }
    } else {
      cur.skip_section(name);
    }
  }
  if (tet_tags.empty()) cur.fail_file("no tetrahedra (element type 4)");
  return index_by_tag(cur, nodes, tet_tags);
}

}  // namespace tibench
