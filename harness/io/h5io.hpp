// Thin helpers over the HDF5 C++ API for the tibench/1 schema (docs/hdf5-schema.md):
// typed attributes, chunked + deflate-compressed datasets, nested groups, and
// atomic files (written under a temporary name and renamed when complete, so
// a reader never sees a half-written file).
#pragma once

#include <H5Cpp.h>

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace tibench::h5 {

inline constexpr const char* kSchema = "tibench/1";
// Files are written in HDF5's checksummed format (superblock version 3 and
// later), and only such files are read: see open_for_reading.
inline constexpr int kSuperblockVersion = 3;

// Opens an existing tibench file read-only after checking, from its first
// bytes, that it is HDF5 with checksummed metadata. Throws InputError naming
// the path otherwise.
H5::H5File open_for_reading(const std::string& path);

// A file being written: lives at a unique temporary beside `path`
// (fileio/atomic_write.hpp) until commit() renames it to `path`.
// Destroying an uncommitted AtomicFile removes the temporary.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  // Starts from a copy of the existing file `base` (opened read-write), so an
  // update is as atomic as a fresh write: readers see the old or the new file.
  AtomicFile(std::string path, const std::string& base);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  H5::H5File& file() { return file_; }
  void commit();

 private:
  std::string path_, tmp_;
  H5::H5File file_;
  bool committed_ = false;
};

// Sets a group, file or dataset creation property list to keep links and
// attributes in the (checksummed) object header.
void keep_compact(hid_t plist);
// Opens (creating intermediate groups as needed) the group at `path`.
H5::Group group(H5::H5File& f, const std::string& path);
bool exists(const H5::H5File& f, const std::string& path);

void attr(H5::H5Object& obj, const std::string& name, const std::string& value);
void attr(H5::H5Object& obj, const std::string& name, const char* value);
void attr(H5::H5Object& obj, const std::string& name, double value);
void attr(H5::H5Object& obj, const std::string& name, long long value);
void attr(H5::H5Object& obj, const std::string& name, bool value);  // stored as int8 0/1

std::string read_string_attr(const H5::H5Object& obj, const std::string& name);
double read_double_attr(const H5::H5Object& obj, const std::string& name);
long long read_int_attr(const H5::H5Object& obj, const std::string& name);
bool has_attr(const H5::H5Object& obj, const std::string& name);

// 1-D datasets, and row-major rows × cols (always 2-D) matrices.
void dataset(H5::Group& g, const std::string& name, const std::vector<double>& data);
void matrix_dataset(H5::Group& g, const std::string& name, const std::vector<double>& data,
                    std::size_t cols);
void dataset(H5::Group& g, const std::string& name, const std::vector<long long>& data);
void matrix_dataset(H5::Group& g, const std::string& name, const std::vector<long long>& data,
                    std::size_t cols);

std::vector<double> read_doubles(const H5::Group& g, const std::string& name);
std::vector<long long> read_ints(const H5::Group& g, const std::string& name);

// Names of the direct children of a group, sorted.
std::vector<std::string> children(const H5::Group& g);
// Paths /<top>/<a>/<b>[/…] of a file, `depth` levels below /<top> (none
// when /<top> does not exist), in sorted order at each level.
std::vector<std::string> paths_at_depth(const H5::H5File& f, const std::string& top, int depth);

// Root attributes: schema, version, git commit/dirty, compiler, flags, build
// type, creation time (UTC), command line and host name; and
// schema_description, the file's declaration of its layout:
//   {"schema": kSchema, "documentation": "docs/hdf5-schema.md", "groups": groups}
// where `groups` describes each kind of group the file holds (a run, a claim;
// built from the writers' tables, harness/io/schema_fields.hpp).
void write_provenance(H5::H5File& f, const std::string& command_line,
                      const nlohmann::ordered_json& groups);

}  // namespace tibench::h5
