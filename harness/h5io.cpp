#include "harness/h5io.hpp"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "fileio/atomic_write.hpp"
#include "harness/build_info.hpp"
#include "problems/parameters.hpp"

namespace tibench::h5 {

AtomicFile::AtomicFile(std::string path)
    : path_(std::move(path)),
      tmp_(temp_path_for(path_)),
      file_(tmp_, H5F_ACC_TRUNC) {}

namespace {
std::string copied(const std::string& base, const std::string& tmp) {
  std::filesystem::copy_file(base, tmp, std::filesystem::copy_options::overwrite_existing);
  return tmp;
}
}  // namespace

AtomicFile::AtomicFile(std::string path, const std::string& base)
    : path_(std::move(path)),
      tmp_(temp_path_for(path_)),
      file_(copied(base, tmp_), H5F_ACC_RDWR) {}

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
  std::filesystem::rename(tmp_, path_);
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

H5::Group group(H5::H5File& f, const std::string& path) {
  if (exists(f, path)) return f.openGroup(path);
  H5::LinkCreatPropList lcpl;
  lcpl.setCreateIntermediateGroup(true);
  return f.createGroup(path, lcpl);
}

namespace {

H5::Attribute fresh_attr(H5::H5Object& obj, const std::string& name, const H5::DataType& type,
                         const H5::DataSpace& space) {
  if (obj.attrExists(name)) obj.removeAttr(name);
  return obj.createAttribute(name, type, space);
}

}  // namespace

void attr(H5::H5Object& obj, const std::string& name, const std::string& value) {
  H5::StrType type(H5::PredType::C_S1, H5T_VARIABLE);
  type.setCset(H5T_CSET_UTF8);
  auto a = fresh_attr(obj, name, type, H5::DataSpace(H5S_SCALAR));
  const char* c = value.c_str();
  a.write(type, &c);
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
  std::string out;
  a.read(a.getStrType(), out);
  return out;
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
  }
  if (g.nameExists(name)) g.unlink(name);
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

void write_provenance(H5::H5File& f, const std::string& command_line) {
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
}

}  // namespace tibench::h5
