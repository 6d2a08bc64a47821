#include "harness/io/xdmf.hpp"

#include <H5Cpp.h>

#include <unistd.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/parameters.hpp"
#include "fileio/atomic_write.hpp"
#include "harness/io/h5io.hpp"
#include "harness/io/run_io.hpp"

namespace tibench {
namespace {

struct FrameRun {
  std::string path;  // /runs/<problem>/<integrator>/<hkey>
  std::vector<double> t;
  hsize_t nodes = 0, triangles = 0;
};

std::vector<hsize_t> dims_of(const H5::Group& g, const std::string& name) {
  H5::DataSpace space = g.openDataSet(name).getSpace();
  std::vector<hsize_t> d(static_cast<std::size_t>(space.getSimpleExtentNdims()));
  space.getSimpleExtentDims(d.data());
  return d;
}

std::vector<FrameRun> frame_runs(const H5::H5File& f) {
  std::vector<FrameRun> out;
  if (!h5::exists(f, "/runs")) return out;
  H5::Group runs = f.openGroup("/runs");
  for (const auto& problem : h5::children(runs))
    for (const auto& integrator : h5::children(runs.openGroup(problem)))
      for (const auto& key : h5::children(runs.openGroup(problem).openGroup(integrator))) {
        const std::string path = "/runs/" + problem + "/" + integrator + "/" + key;
        if (!h5::exists(f, path + "/frames")) continue;
        H5::Group g = f.openGroup(path + "/frames");
        FrameRun r{path, h5::read_doubles(g, "t"),
                   dims_of(f.openGroup(path + "/frames/positions"), frame_dataset(0))[0],
                   dims_of(g, "surface")[0]};
        if (!r.t.empty()) out.push_back(std::move(r));
      }
  return out;
}

void write_grid(std::ostream& x, const std::string& file, const FrameRun& r) {
  x << "    <Grid Name=\"" << r.path.substr(6) << "\" GridType=\"Collection\" "
    << "CollectionType=\"Temporal\">\n";
  for (std::size_t k = 0; k < r.t.size(); ++k) {
    const std::string time = format_real(r.t[k]);
    const std::string frame = frame_dataset(k);
    x << "      <Grid Name=\"frame " << k << "\" GridType=\"Uniform\">\n"
      << "        <Time Value=\"" << time << "\"/>\n"
      << "        <Topology TopologyType=\"Triangle\" NumberOfElements=\"" << r.triangles << "\">\n"
      << "          <DataItem Dimensions=\"" << r.triangles << " 3\" NumberType=\"Int\" "
      << "Precision=\"8\" Format=\"HDF\">" << file << ":" << r.path
      << "/frames/surface</DataItem>\n"
      << "        </Topology>\n"
      << "        <Geometry GeometryType=\"XYZ\">\n"
      << "          <DataItem Dimensions=\"" << r.nodes << " 3\" NumberType=\"Float\" "
      << "Precision=\"8\" Format=\"HDF\">" << file << ":" << r.path << "/frames/positions/" << frame
      << "</DataItem>\n"
      << "        </Geometry>\n"
      << "      </Grid>\n";
  }
  x << "    </Grid>\n";
}

}  // namespace

std::string xdmf_path_for(const std::string& h5_path) {
  std::filesystem::path p(h5_path);
  if (p.extension() == ".h5") return p.replace_extension(".xdmf").string();
  return h5_path + ".xdmf";
}

int write_xdmf(const std::string& h5_path) {
  std::vector<FrameRun> runs;
  {
    H5::H5File f(h5_path, H5F_ACC_RDONLY);
    runs = frame_runs(f);
  }
  const std::string out = xdmf_path_for(h5_path);
  if (runs.empty()) {
    std::error_code ec;
    std::filesystem::remove(out, ec);
    return 0;
  }
  const std::string file = std::filesystem::path(h5_path).filename().string();
  std::ostringstream x;
  x << "<?xml version=\"1.0\" ?>\n<Xdmf Version=\"3.0\">\n  <Domain>\n";
  for (const auto& r : runs) write_grid(x, file, r);
  x << "  </Domain>\n</Xdmf>\n";
  write_file_atomically(out, x.str(), "XDMF file");
  return static_cast<int>(runs.size());
}

}  // namespace tibench
