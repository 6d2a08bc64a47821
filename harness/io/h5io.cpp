#include "harness/io/h5io.hpp"

#include "core/errors.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/parameters.hpp"
#include "fileio/atomic_write.hpp"
#include "harness/io/build_info.hpp"

namespace tibench::h5 {

namespace {

// The HDF5 1.10 file format (superblock version 3): every piece of metadata
// (superblock, object headers, link and chunk indexes) carries a checksum
// that HDF5 verifies on reading, so a damaged file fails with an error
// instead of steering HDF5's parsers (which crash or hang on damaged
// metadata of the older formats; found by fuzz/fuzz_h5).
H5::FileAccPropList checksummed_format() {
  H5::FileAccPropList fapl;
  fapl.setLibverBounds(H5F_LIBVER_V110, H5F_LIBVER_LATEST);
  return fapl;
}

H5::FileCreatPropList compact_root() {
  H5::FileCreatPropList fcpl;
  keep_compact(fcpl.getId());
  return fcpl;
}

}  // namespace

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)),
      tmp_(temp_path_for(path_)),
      file_(tmp_, H5F_ACC_TRUNC, compact_root(), checksummed_format()) {}

H5::H5File open_for_reading(const std::string& path) {
  // The superblock's first bytes: signature, then its version.
  static const unsigned char signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
  unsigned char head[9] = {};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError("cannot open '" + path + "' for reading");
  const std::size_t n = std::fread(head, 1, sizeof head, f);
  std::fclose(f);
  if (n < sizeof head || std::memcmp(head, signature, sizeof signature) != 0)
    throw InputError("'" + path + "' is not an HDF5 file written by tibench");
  if (head[8] < kSuperblockVersion)
    throw InputError("'" + path + "' has HDF5 superblock version " + std::to_string(head[8]) +
                     ", without metadata checksums (accepted: version " +
                     std::to_string(kSuperblockVersion) +
                     ", as tibench writes; HDF5 cannot detect damage in older formats)");
  return H5::H5File(path, H5F_ACC_RDONLY);
}

namespace {
std::string copied(const std::string& base, const std::string& tmp) {
  std::filesystem::copy_file(base, tmp, std::filesystem::copy_options::overwrite_existing);
  return tmp;
}
}  // namespace

AtomicFile::AtomicFile(std::string path, const std::string& base)
    : path_(std::move(path)), tmp_(temp_path_for(path_)), file_(copied(base, tmp_), H5F_ACC_RDWR) {}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  try {
    file_.close();
  } catch (...) {
  }
  std::error_code ec;
  std::filesystem::remove(tmp_, ec);
}

void AtomicFile::commit() {
  file_.close();
  std::error_code ec;
  std::filesystem::rename(tmp_, path_, ec);
  if (ec) throw EnvironmentError("cannot write '" + path_ + "' (" + ec.message() + ")");
  committed_ = true;
}

bool exists(const H5::H5File& f, const std::string& path) {
  // nameExists checks one link; walk the path so that missing parents are
  // reported as "does not exist" rather than as an error.
  std::string prefix;
  std::size_t pos = 0;
  while (pos < path.size()) {
    std::size_t next = path.find('/', pos + 1);
    if (next == std::string::npos) next = path.size();
    prefix = path.substr(0, next);
    if (!prefix.empty() && prefix != "/" && !f.nameExists(prefix)) return false;
    pos = next;
  }
  return true;
}

void keep_compact(hid_t plist) {
  // Links and attributes stay in the object header, which is checksummed;
  // HDF5's "dense" storage keeps them in a fractal heap, whose blocks are
  // not, and whose error paths free garbage on a damaged file (found by
  // fuzz/fuzz_h5 in H5G__link_release_table).
  constexpr unsigned kMax = 65535;  // HDF5's upper limit for compact storage
  if (H5Pisa_class(plist, H5P_GROUP_CREATE) > 0 && H5Pset_link_phase_change(plist, kMax, kMax) < 0)
    throw std::runtime_error("HDF5 refused compact link storage");
  if (H5Pset_attr_phase_change(plist, kMax, kMax) < 0)
    throw std::runtime_error("HDF5 refused compact attribute storage");
}

H5::Group group(H5::H5File& f, const std::string& path) {
  if (exists(f, path)) return f.openGroup(path);
  // Level by level, so that every new group gets the compact properties.
  const auto slash = path.find_last_of('/');
  if (slash != std::string::npos && slash > 0) group(f, path.substr(0, slash));
  const hid_t gcpl = H5Pcreate(H5P_GROUP_CREATE);
  keep_compact(gcpl);
  const hid_t id = H5Gcreate2(f.getId(), path.c_str(), H5P_DEFAULT, gcpl, H5P_DEFAULT);
  H5Pclose(gcpl);
  if (id < 0) throw H5::GroupIException("h5::group", "cannot create " + path);
  H5Gclose(id);  // the C++ wrapper reopens it and owns that handle
  return f.openGroup(path);
}

namespace {

H5::Attribute fresh_attr(H5::H5Object& obj, const std::string& name, const H5::DataType& type,
                         const H5::DataSpace& space) {
  if (obj.attrExists(name)) obj.removeAttr(name);
  return obj.createAttribute(name, type, space);
}

}  // namespace

// Fixed-length UTF-8 strings, padded with NUL (at least one byte, so that
// "" has a valid type). Not variable-length: those live in the file's global
// heap, which HDF5 1.10 reads without checking a damaged file (H5HG_read
// copies past its buffer or loops for ever; found by fuzz/fuzz_h5,
// HDFGroup/hdf5#1707), so readers refuse them (read_string_attr).
void attr(H5::H5Object& obj, const std::string& name, const std::string& value) {
  H5::StrType type(H5::PredType::C_S1, std::max<std::size_t>(value.size(), 1));
  type.setCset(H5T_CSET_UTF8);
  type.setStrpad(H5T_STR_NULLPAD);
  auto a = fresh_attr(obj, name, type, H5::DataSpace(H5S_SCALAR));
  std::string padded = value;
  padded.resize(std::max<std::size_t>(value.size(), 1), '\0');
  a.write(type, padded.data());
}

void attr(H5::H5Object& obj, const std::string& name, const char* value) {
  attr(obj, name, std::string(value));
}

void attr(H5::H5Object& obj, const std::string& name, double value) {
  auto a = fresh_attr(obj, name, H5::PredType::NATIVE_DOUBLE, H5::DataSpace(H5S_SCALAR));
  a.write(H5::PredType::NATIVE_DOUBLE, &value);
}

void attr(H5::H5Object& obj, const std::string& name, long long value) {
  auto a = fresh_attr(obj, name, H5::PredType::NATIVE_LLONG, H5::DataSpace(H5S_SCALAR));
  a.write(H5::PredType::NATIVE_LLONG, &value);
}

void attr(H5::H5Object& obj, const std::string& name, bool value) {
  const signed char v = value ? 1 : 0;
  auto a = fresh_attr(obj, name, H5::PredType::NATIVE_SCHAR, H5::DataSpace(H5S_SCALAR));
  a.write(H5::PredType::NATIVE_SCHAR, &v);
}

bool has_attr(const H5::H5Object& obj, const std::string& name) { return obj.attrExists(name); }

namespace {

// HDF5 copies every element of an attribute into the destination, so an
// attribute read into one variable must hold exactly one value: a damaged
// or foreign file with an array there would otherwise overrun the variable.
H5::Attribute single_value_attr(const H5::H5Object& obj, const std::string& name) {
  H5::Attribute a = obj.openAttribute(name);
  const hssize_t n = a.getSpace().getSimpleExtentNpoints();
  if (n != 1)
    throw InputError("attribute '" + name + "' of " + obj.getObjName() + " holds " +
                     std::to_string(n) + " values (expected one, schema " + kSchema + ")");
  return a;
}

}  // namespace

std::string read_string_attr(const H5::H5Object& obj, const std::string& name) {
  H5::Attribute a = single_value_attr(obj, name);
  if (a.getTypeClass() != H5T_STRING)
    throw InputError("attribute '" + name + "' of " + obj.getObjName() +
                     " is not a string (schema " + kSchema + ")");
  const H5::StrType type = a.getStrType();
  if (type.isVariableStr())
    throw InputError("attribute '" + name + "' of " + obj.getObjName() +
                     " is a variable-length string (accepted: fixed-length strings, as tibench "
                     "writes them; HDF5 reads variable-length ones unchecked)");
  std::vector<char> bytes(type.getSize() + 1, '\0');
  a.read(type, bytes.data());
  return std::string(bytes.data());
}

double read_double_attr(const H5::H5Object& obj, const std::string& name) {
  double v = 0;
  single_value_attr(obj, name).read(H5::PredType::NATIVE_DOUBLE, &v);
  return v;
}

long long read_int_attr(const H5::H5Object& obj, const std::string& name) {
  long long v = 0;
  single_value_attr(obj, name).read(H5::PredType::NATIVE_LLONG, &v);
  return v;
}

namespace {

template <class T>
void write_dataset(H5::Group& g, const std::string& name, const T* data, int rank, hsize_t rows,
                   hsize_t cols, const H5::PredType& type) {
  const hsize_t dims[2] = {rows, cols};
  H5::DataSpace space(rank, dims);
  H5::DSetCreatPropList props;
  if (rows > 0) {
    const hsize_t chunk[2] = {std::min<hsize_t>(rows, 4096), cols};
    props.setChunk(rank, chunk);
    props.setShuffle();
    props.setDeflate(4);
    props.setFletcher32();  // raw data is not covered by the metadata checksums
  }
  if (g.nameExists(name)) g.unlink(name);
  keep_compact(props.getId());
  H5::DataSet ds = g.createDataSet(name, type, space, props);
  if (rows > 0) ds.write(data, type);
}

}  // namespace

void dataset(H5::Group& g, const std::string& name, const std::vector<double>& data) {
  write_dataset(g, name, data.data(), 1, data.size(), 1, H5::PredType::NATIVE_DOUBLE);
}

void matrix_dataset(H5::Group& g, const std::string& name, const std::vector<double>& data,
                    std::size_t cols) {
  write_dataset(g, name, data.data(), 2, data.size() / cols, cols, H5::PredType::NATIVE_DOUBLE);
}

void dataset(H5::Group& g, const std::string& name, const std::vector<long long>& data) {
  write_dataset(g, name, data.data(), 1, data.size(), 1, H5::PredType::NATIVE_LLONG);
}

void matrix_dataset(H5::Group& g, const std::string& name, const std::vector<long long>& data,
                    std::size_t cols) {
  write_dataset(g, name, data.data(), 2, data.size() / cols, cols, H5::PredType::NATIVE_LLONG);
}

std::vector<double> read_doubles(const H5::Group& g, const std::string& name) {
  H5::DataSet ds = g.openDataSet(name);
  const auto n = static_cast<std::size_t>(ds.getSpace().getSimpleExtentNpoints());
  std::vector<double> out(n);
  if (n) ds.read(out.data(), H5::PredType::NATIVE_DOUBLE);
  return out;
}

std::vector<long long> read_ints(const H5::Group& g, const std::string& name) {
  H5::DataSet ds = g.openDataSet(name);
  const auto n = static_cast<std::size_t>(ds.getSpace().getSimpleExtentNpoints());
  std::vector<long long> out(n);
  if (n) ds.read(out.data(), H5::PredType::NATIVE_LLONG);
  return out;
}

std::vector<std::string> children(const H5::Group& g) {
  std::vector<std::string> out;
  for (hsize_t i = 0; i < g.getNumObjs(); ++i) out.push_back(g.getObjnameByIdx(i));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> paths_at_depth(const H5::H5File& f, const std::string& top, int depth) {
  if (!exists(f, top)) return {};
  std::vector<std::string> out{top};
  for (int d = 0; d < depth; ++d) {
    std::vector<std::string> next;
    for (const auto& p : out)
      for (const auto& c : children(f.openGroup(p))) next.push_back(p + "/" + c);
    out.swap(next);
  }
  return out;
}

void write_provenance(H5::H5File& f, const std::string& command_line,
                      const nlohmann::ordered_json& groups) {
  H5::Group root = f.openGroup("/");
  attr(root, "schema", kSchema);
  attr(root, "tibench_version", build_info::version);
  attr(root, "git_commit", build_info::git_commit);
  attr(root, "git_dirty", build_info::git_dirty);
  attr(root, "compiler", build_info::compiler);
  attr(root, "build_type", build_info::build_type);
  attr(root, "cxx_flags", build_info::cxx_flags);
  char when[32];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  attr(root, "created_utc", when);
  attr(root, "command_line", command_line);
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  attr(root, "hostname", host);
  const nlohmann::ordered_json description = {
      {"schema", kSchema}, {"documentation", "docs/hdf5-schema.md"}, {"groups", groups}};
  attr(root, "schema_description", description.dump());
}

}  // namespace tibench::h5
