// The matrix identity of run files: what changes the matrix hash and what
// does not.
#include <gtest/gtest.h>

#include "harness/run/matrix.hpp"
#include "harness/run/run_identity.hpp"

namespace tibench {
namespace {

const std::string kBase =
    "[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 } }]\n"
    "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.05]\nt_end = 1.0\n";

std::string hash_of(const std::string& text) {
  return matrix_hash(parse_matrix(text, "m.toml").cells);
}

TEST(RunIdentity, MatrixHashIgnoresLayoutButNotContent) {
  const std::string h = hash_of(kBase);
  EXPECT_EQ(hash_of(kBase), h) << "deterministic";
  // Comments, blank lines, spacing, number spelling and a name do not matter.
  EXPECT_EQ(hash_of("# the oscillator\nname = \"x\"\n\n[[study]]\n"
                    "problems   = [ { id = \"oscillator\", params = { n = 2 } } ]  # n = 2\n"
                    "integrators = [ \"rk4\",\n  \"sdirk2\" ]\nh = [1e-1, 5.0e-2]\n"
                    "t_end = 1\n"),
            h);
  // Parameters, steps, labels and order do.
  for (const std::string& changed :
       {std::string("[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 3 } }]\n"
                    "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.05]\nt_end = 1.0\n"),
        std::string("[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 } }]\n"
                    "integrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.025]\nt_end = 1.0\n"),
        std::string("[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 } }]\n"
                    "integrators = [\"sdirk2\", \"rk4\"]\nh = [0.1, 0.05]\nt_end = 1.0\n"),
        std::string("[[study]]\nproblems = [{ id = \"oscillator\", params = { n = 2 }, "
                    "label = \"osc\" }]\nintegrators = [\"rk4\", \"sdirk2\"]\nh = [0.1, 0.05]\n"
                    "t_end = 1.0\n"),
        kBase + "max_samples = 7\n"})
    EXPECT_NE(hash_of(changed), h) << changed;
}

TEST(RunIdentity, CarriesTheShard) {
  const auto cells = parse_matrix(kBase, "m.toml").cells;
  const RunIdentity id = run_identity(cells, Shard{2, 5, "PMI_RANK/PMI_SIZE", ""});
  EXPECT_EQ(id.matrix_hash, matrix_hash(cells));
  EXPECT_EQ(id.matrix_cells, 4);
  EXPECT_EQ(id.shard_text(), "2/5");
  EXPECT_EQ(id.shard_source, "PMI_RANK/PMI_SIZE");
  EXPECT_EQ(id.shard_scheme, "lpt-steps-x-dofs/1");
}

}  // namespace
}  // namespace tibench
